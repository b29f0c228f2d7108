import { describe, expect, it } from 'vitest';
import type { DisconnectAccountRequest } from '../accounts/index.js';
import { accountEvent } from '../accounts/index.js';
import type { Store } from '../deps/index.js';
import type { PostStatus } from '../kernel/index.js';
import { anAccount, aPost, aUser } from './builders.js';

const T0 = new Date('2026-01-15T12:00:00.000Z');
const LATER = new Date(T0.getTime() + 60_000);

/** The account-disconnect part of the store contract; `store()` is the test's fresh store. */
export function describeAccountDisconnectContract(store: () => Store): void {
  const request = (
    ownerId: string,
    accountId: string,
    extra: Partial<DisconnectAccountRequest> = {},
  ): DisconnectAccountRequest => ({ ownerId, accountId, at: LATER, force: false, events: [], ...extra });
  const eventsOf = async (subjectId: string) =>
    (await store().events.listEvents(null, 1000)).filter((e) => e.subjectId === subjectId).map((e) => e.type);

  describe('disconnecting accounts', () => {
    it('makes the account inactive without credentials, appending its event', async () => {
      const owner = aUser().id;
      const account = await store().accounts.saveAccount(anAccount(owner, { tokenExpiresAt: LATER }));
      const event = accountEvent('account.disconnected', account, LATER);
      const outcome = await store().accounts.disconnectAccount(
        request(owner, account.id, { events: [event] }),
      );
      const inactive = {
        ...account,
        status: 'inactive',
        sealedCredentials: null,
        tokenExpiresAt: null,
        updatedAt: LATER,
      };
      expect(outcome).toEqual({ kind: 'disconnected', account: inactive, pendingPostIds: [] });
      expect(await store().accounts.getAccount(account.id)).toEqual(inactive);
      expect(await store().accounts.listActiveAccounts(owner)).toEqual([]);
      expect(await eventsOf(account.id)).toEqual(['account.disconnected']);
    });

    it('refuses while posts are still to go out to the account, unless forced', async () => {
      const owner = aUser().id;
      const account = await store().accounts.saveAccount(anAccount(owner));
      const holding = (['pending_approval', 'scheduled', 'publishing'] as PostStatus[]).map((status) =>
        aPost(owner, account.id, { status, profileIds: ['acct_elsewhere', account.id] }),
      );
      const free = [
        aPost(owner, account.id, { status: 'draft' }),
        aPost(owner, account.id, { status: 'posted' }),
        aPost(owner, account.id, { status: 'failed' }),
        aPost(owner, account.id, { deletedAt: T0 }),
        aPost(owner, 'acct_elsewhere'),
      ];
      await store().posts.insertPosts({
        ownerId: owner,
        at: T0,
        posts: [...holding, ...free],
        idempotency: null,
        quota: { limit: 1000, windowStart: new Date(0) },
      });
      const ids = holding.map((p) => p.id).sort();
      const event = accountEvent('account.disconnected', account, LATER);

      expect(
        await store().accounts.disconnectAccount(request(owner, account.id, { events: [event] })),
      ).toEqual({
        kind: 'has_pending_posts',
        postIds: ids,
      });
      expect(await store().accounts.getAccount(account.id)).toEqual(account);
      expect(await eventsOf(account.id)).toEqual([]);

      const forced = await store().accounts.disconnectAccount(
        request(owner, account.id, { force: true, events: [event] }),
      );
      expect(forced).toMatchObject({ kind: 'disconnected', pendingPostIds: ids });
      expect(await eventsOf(account.id)).toEqual(['account.disconnected']);
    });

    it('answers an inactive account as it is, erasing credentials left on it, appending nothing', async () => {
      const owner = aUser().id;
      const account = await store().accounts.saveAccount(
        anAccount(owner, { status: 'inactive', sealedCredentials: 'left-over', tokenExpiresAt: LATER }),
      );
      const event = accountEvent('account.disconnected', account, LATER);
      expect(
        await store().accounts.disconnectAccount(request(owner, account.id, { events: [event] })),
      ).toEqual({
        kind: 'already_inactive',
        account: { ...account, sealedCredentials: null, tokenExpiresAt: null },
      });
      expect(await eventsOf(account.id)).toEqual([]);
    });

    it("answers not_found for another owner's or a missing account, changing nothing", async () => {
      const account = await store().accounts.saveAccount(anAccount(aUser().id));
      expect(await store().accounts.disconnectAccount(request(aUser().id, account.id))).toEqual({
        kind: 'not_found',
      });
      expect(await store().accounts.disconnectAccount(request(account.ownerId, 'acct_missing'))).toEqual({
        kind: 'not_found',
      });
      expect(await store().accounts.getAccount(account.id)).toEqual(account);
    });

    it('stores refreshed tokens only on an account still active', async () => {
      const owner = aUser().id;
      const account = await store().accounts.saveAccount(anAccount(owner, { sealedCredentials: 'old' }));
      const tokens = { sealedCredentials: 'refreshed', tokenExpiresAt: LATER, at: LATER };
      const refreshed = {
        ...account,
        sealedCredentials: 'refreshed',
        tokenExpiresAt: LATER,
        updatedAt: LATER,
      };
      expect(await store().accounts.saveRefreshedTokens(account.id, tokens)).toEqual(refreshed);
      expect(await store().accounts.getAccount(account.id)).toEqual(refreshed);
      await store().accounts.disconnectAccount(request(owner, account.id));
      expect(await store().accounts.saveRefreshedTokens(account.id, tokens)).toBeNull();
      expect(await store().accounts.getAccount(account.id)).toMatchObject({
        status: 'inactive',
        sealedCredentials: null,
      });
      expect(await store().accounts.saveRefreshedTokens('acct_missing', tokens)).toBeNull();
    });

    it('reactivates the account, same id, when the same platform account is saved again', async () => {
      const owner = aUser().id;
      const account = await store().accounts.saveAccount(anAccount(owner, { platformAccountId: 'th-7' }));
      await store().accounts.disconnectAccount(request(owner, account.id));
      const back = await store().accounts.saveAccount(
        anAccount(owner, { platformAccountId: 'th-7', sealedCredentials: 'fresh', updatedAt: LATER }),
      );
      expect(back).toMatchObject({ id: account.id, status: 'active', sealedCredentials: 'fresh' });
      expect((await store().accounts.listActiveAccounts(owner)).map((a) => a.id)).toEqual([account.id]);
    });
  });
}
