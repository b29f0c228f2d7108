import type { DomainEvent, DomainEventType } from '../journal/index.js';
import type { ConnectedAccount } from './connected-account.js';

/** An event about a connected account. */
export function accountEvent(type: DomainEventType, account: ConnectedAccount, at: Date): DomainEvent {
  return {
    type,
    at,
    ownerId: account.ownerId,
    subjectId: account.id,
    data: { platform: account.platform, handle: account.handle },
  };
}

/** An account change with the journal's record of it. */
export type AccountChange = { readonly account: ConnectedAccount; readonly events: readonly DomainEvent[] };

/**
 * The account marked as refused by its platform. Only the first refusal is an event: an account
 * already waiting for its owner to reconnect does not announce it again.
 */
export function markedNeedsReconnect(account: ConnectedAccount, at: Date): AccountChange {
  const marked = { ...account, needsReconnect: true, updatedAt: at };
  return {
    account: marked,
    events: account.needsReconnect ? [] : [accountEvent('account.needs_reconnect', marked, at)],
  };
}

/**
 * The warning that the account's token lapses at `expiresAt` and cannot be renewed by the
 * service: the owner should reconnect before posts fail.
 */
export function tokenExpiringEvent(account: ConnectedAccount, expiresAt: Date, at: Date): DomainEvent {
  const event = accountEvent('account.token_expiring', account, at);
  return { ...event, data: { ...event.data, expiresAt: expiresAt.toISOString() } };
}
