import { describe, expect, it } from 'vitest';
import type { Actor } from '../../identity/index.js';
import { anAccount, aUser } from '../../testing/builders.js';
import { createTestDeps } from '../../testing/test-deps.js';
import { reviewSessionUntil } from '../review-session-until.js';
import { createDraft } from './create-draft.js';
import { requestApproval } from './request-approval.js';
import { reviewLinkStandings } from './review-link-standings.js';
import { createReviewLink, revokeReviewLink } from './review-links.js';
import { decideThroughReviewLink, reviewView } from './review-through-link.js';

const HOUR = 60 * 60 * 1000;

describe('review link standings', () => {
  it('counts the decided posts of each link and says where it stands, for its owner only', async () => {
    const t = createTestDeps();
    const owner = { ...aUser(), timeZone: 'Europe/Paris' };
    await t.store.users.insertUser(owner);
    const account = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'threads' }));
    const actor: Actor = {
      user: owner,
      credentialId: 'key_1',
      scopes: ['post:write', 'post:read', 'approval:request'],
      accountIds: null,
    };
    const pending = async (when: string) => {
      const post = (
        await createDraft(t.deps, actor, { caption: when, scheduledTime: when, profileIds: [account.id] })
      )._unsafeUnwrap();
      await requestApproval(t.deps, actor, { postId: post.id });
      return post;
    };
    const a = await pending('2026-01-20T09:00:00Z');
    const b = await pending('2026-01-20T10:00:00Z');
    const open = (await createReviewLink(t.deps, actor, { postIds: [a.id, b.id] }))._unsafeUnwrap().link;
    const revoked = (await createReviewLink(t.deps, actor, { postIds: [b.id] }))._unsafeUnwrap().link;
    (await decideThroughReviewLink(t.deps, open.id, { postId: a.id, approve: true }))._unsafeUnwrap();
    (await revokeReviewLink(t.deps, actor, revoked.id))._unsafeUnwrap();

    const standings = (await reviewLinkStandings(t.deps, actor))._unsafeUnwrap();
    const byId = new Map(standings.map((s) => [s.link.id, s]));
    expect(byId.get(open.id)).toMatchObject({ decided: 1, state: 'open' });
    expect(byId.get(revoked.id)).toMatchObject({ decided: 0, state: 'revoked' });
    expect(
      (await reviewLinkStandings(t.deps, { ...actor, scopes: ['post:write'] }))._unsafeUnwrapErr().code,
    ).toBe('insufficient_scope');
    // The client's page reads times in the owner's zone, and is finished once nothing waits.
    expect((await reviewView(t.deps, open.id))._unsafeUnwrap()).toMatchObject({
      finished: false,
      timeZone: 'Europe/Paris',
    });
    (await decideThroughReviewLink(t.deps, open.id, { postId: b.id, approve: false }))._unsafeUnwrap();
    expect((await reviewView(t.deps, open.id))._unsafeUnwrap().finished).toBe(true);
  });

  it('ends a review session two hours on, or at its link’s expiry if sooner', () => {
    const now = new Date('2026-01-20T09:00:00Z');
    const link = (expiresInMs: number) =>
      ({ expiresAt: new Date(now.getTime() + expiresInMs) }) as Parameters<typeof reviewSessionUntil>[0];
    expect(reviewSessionUntil(link(24 * HOUR), now)).toEqual(new Date(now.getTime() + 2 * HOUR));
    expect(reviewSessionUntil(link(HOUR), now)).toEqual(new Date(now.getTime() + HOUR));
  });
});
