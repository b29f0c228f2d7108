import { type AccountStore, type ConnectedAccount, disconnectRefusal } from '../accounts/index.js';
import type { DomainEvent } from '../journal/index.js';
import type { Post } from '../posts/index.js';
import { copy, copyOrNull } from './memory-copy.js';
import { pendingPostIdsOf } from './memory-library-queries.js';

/** What the memory account store reads and changes of the rest of the memory store. */
export type MemoryAccountSources = {
  readonly live: () => void;
  /** The accounts by id (shared with analytics and automations, which read them). */
  readonly accounts: Map<string, ConnectedAccount>;
  /** The posts, to refuse disconnecting an account that posts are still to go out to. */
  readonly posts: ReadonlyMap<string, Post>;
  /** Appends events to the journal (the memory store's journal). */
  readonly append: (events: readonly DomainEvent[]) => void;
};

/** The AccountStore of the memory store: saving, token warnings and refresh leases, disconnecting. */
export function createMemoryAccountStore(sources: MemoryAccountSources): AccountStore {
  const { live, accounts, posts, append } = sources;
  // The token expiry each account's owner was warned about (`token_expiry_warned_for` in SQL).
  const tokenWarnings = new Map<string, number>();
  // Until when a sweep holds each account for a token refresh (`token_refresh_until` in SQL).
  const tokenRefreshLeases = new Map<string, number>();
  // Active, not waiting for a reconnect, with an expiry its owner was not warned about yet.
  const tokenWarningDue = (a: ConnectedAccount) =>
    a.status === 'active' &&
    !a.needsReconnect &&
    a.tokenExpiresAt !== null &&
    tokenWarnings.get(a.id) !== a.tokenExpiresAt.getTime();

  return {
    async saveAccount(account, events = []) {
      live();
      const existing = [...accounts.values()].find(
        (a) =>
          a.ownerId === account.ownerId &&
          a.platform === account.platform &&
          a.platformAccountId === account.platformAccountId,
      );
      const stored: ConnectedAccount =
        existing === undefined
          ? copy(account)
          : {
              ...copy(account),
              id: existing.id,
              connectedAt: existing.connectedAt,
              sealedCredentials: account.sealedCredentials ?? existing.sealedCredentials,
            };
      accounts.set(stored.id, stored);
      append(events);
      return copy(stored);
    },
    async findAccount(ownerId, platform, platformAccountId) {
      live();
      const account = [...accounts.values()].find(
        (a) => a.ownerId === ownerId && a.platform === platform && a.platformAccountId === platformAccountId,
      );
      return copyOrNull(account);
    },
    async getAccount(id) {
      live();
      return copyOrNull(accounts.get(id));
    },
    async getAccounts(ids) {
      live();
      return [...new Set(ids)].flatMap((id) => {
        const found = copyOrNull(accounts.get(id));
        return found === null ? [] : [found];
      });
    },
    async listActiveAccounts(ownerId) {
      live();
      return [...accounts.values()]
        .filter((a) => a.ownerId === ownerId && a.status === 'active')
        .sort((a, b) => a.connectedAt.getTime() - b.connectedAt.getTime() || (a.id < b.id ? -1 : 1))
        .map(copy);
    },
    async saveRefreshedTokens(accountId, tokens) {
      live();
      const account = accounts.get(accountId);
      if (account === undefined || account.status !== 'active') return null;
      const next: ConnectedAccount = {
        ...account,
        sealedCredentials: tokens.sealedCredentials,
        tokenExpiresAt: tokens.tokenExpiresAt,
        updatedAt: tokens.at,
      };
      accounts.set(accountId, next);
      return copy(next);
    },
    async accountsWithTokensExpiring(platform, before, limit) {
      live();
      return [...accounts.values()]
        .filter(
          (a) =>
            a.platform === platform &&
            tokenWarningDue(a) &&
            (a.tokenExpiresAt as Date).getTime() < before.getTime(),
        )
        .sort(
          (a, b) =>
            (a.tokenExpiresAt as Date).getTime() - (b.tokenExpiresAt as Date).getTime() ||
            (a.id < b.id ? -1 : 1),
        )
        .slice(0, Math.max(0, Math.floor(limit)))
        .map(copy);
    },
    async claimTokenRefresh(accountId, expiresAt, now, leaseUntil) {
      live();
      const account = accounts.get(accountId);
      if (account === undefined || account.status !== 'active' || account.needsReconnect) return false;
      if (account.tokenExpiresAt?.getTime() !== expiresAt.getTime()) return false;
      if ((tokenRefreshLeases.get(accountId) ?? Number.NEGATIVE_INFINITY) > now.getTime()) return false;
      tokenRefreshLeases.set(accountId, leaseUntil.getTime());
      return true;
    },
    async markTokenExpiring(accountId, expiresAt, event) {
      live();
      const account = accounts.get(accountId);
      if (account === undefined || !tokenWarningDue(account)) return false;
      if (account.tokenExpiresAt?.getTime() !== expiresAt.getTime()) return false;
      tokenWarnings.set(accountId, expiresAt.getTime());
      append([event]);
      return true;
    },
    async disconnectAccount(request) {
      live();
      const account = accounts.get(request.accountId);
      if (account === undefined || account.ownerId !== request.ownerId) return { kind: 'not_found' };
      const erased = { sealedCredentials: null, tokenExpiresAt: null };
      if (account.status === 'inactive') {
        if (account.sealedCredentials !== null) accounts.set(account.id, { ...account, ...erased });
        return { kind: 'already_inactive', account: copy(accounts.get(account.id) as ConnectedAccount) };
      }
      const pending = pendingPostIdsOf(posts.values(), request.ownerId, account.id);
      const refused = disconnectRefusal(pending, request.force);
      if (refused !== null) return refused;
      const inactive: ConnectedAccount = {
        ...account,
        ...erased,
        status: 'inactive',
        updatedAt: request.at,
      };
      accounts.set(account.id, inactive);
      append(request.events);
      return { kind: 'disconnected', account: copy(inactive), pendingPostIds: pending };
    },
  };
}
