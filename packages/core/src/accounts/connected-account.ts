import { z } from 'zod';
import { accountEvent, type DomainEvent } from '../journal/index.js';
import { platformSchema } from '../kernel/index.js';

/** A social account connected to the service (spec 2.4 plus what publishing needs). */
export const connectedAccountSchema = z.object({
  /** Our id; callers use it as a profile id. */
  id: z.string().min(1),
  ownerId: z.string().min(1),
  platform: platformSchema,
  /** The platform's own id of the account; unique per owner and platform. */
  platformAccountId: z.string().min(1),
  handle: z.string(),
  profileUrl: z.string(),
  profileImageUrl: z.string().nullable(),
  followerCount: z.number().int().nonnegative().nullable(),
  /** Inactive accounts (disconnected) are never listed and cannot be posted to. */
  status: z.enum(['active', 'inactive']),
  /** The platform refused our tokens; the user must reconnect before posts can publish. */
  needsReconnect: z.boolean(),
  /** Platform tokens, sealed by the SecretBox port; never returned to callers. */
  sealedCredentials: z.string().nullable(),
  tokenExpiresAt: z.date().nullable(),
  connectedAt: z.date(),
  updatedAt: z.date(),
});

/** A connected account. */
export type ConnectedAccount = z.infer<typeof connectedAccountSchema>;

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
