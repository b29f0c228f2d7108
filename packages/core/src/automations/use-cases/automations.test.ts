import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { Actor, User } from '../../identity/index.js';
import type { Post } from '../../posts/index.js';
import { anAccount, aPost, aUser } from '../../testing/builders.js';
import {
  createRecordingPlatformGateway,
  type RecordingPlatformGateway,
  TEST_AUTOMATION_PERMISSIONS,
} from '../../testing/recording-platform-gateway.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { importAutomationTemplate } from './import-automation-template.js';
import {
  deleteAutomation,
  exportAutomationTemplate,
  listAutomations,
  setAutomationRunning,
} from './manage-automations.js';

const TEMPLATE = {
  svcTemplate: 1,
  name: 'Price in DM',
  trigger: 'keyword',
  keyword: 'price',
  message: 'Hi! Prices are in your inbox.',
  publicReply: 'Sent you a DM',
};

describe('automation use cases', () => {
  let t: TestDeps;
  let gateway: RecordingPlatformGateway;
  let owner: User;
  let account: ConnectedAccount;
  let posted: Post;
  const actor = (over: Partial<Actor> = {}): Actor => ({
    user: owner,
    credentialId: 'key_1',
    scopes: ['automation:read', 'automation:write'],
    accountIds: null,
    ...over,
  });
  const seal = (credentials: Record<string, unknown>) => t.deps.secretBox.seal(JSON.stringify(credentials));
  const seed = async (post: Post) => {
    await t.store.posts.insertPosts({
      ownerId: owner.id,
      at: t.clock.now(),
      posts: [post],
      idempotency: null,
      quota: { limit: 100, windowStart: new Date(0) },
    });
    return post;
  };
  const importAs = (input: Parameters<typeof importAutomationTemplate>[2], who = actor()) =>
    importAutomationTemplate(t.deps, who, input);

  beforeEach(async () => {
    gateway = createRecordingPlatformGateway('instagram');
    t = createTestDeps({ platforms: { instagram: gateway } });
    owner = aUser();
    await t.store.users.insertUser(owner);
    account = await t.store.accounts.saveAccount(
      anAccount(owner.id, {
        sealedCredentials: seal({ accessToken: 'a1', permissions: [...TEST_AUTOMATION_PERMISSIONS] }),
      }),
    );
    posted = await seed(
      aPost(owner.id, account.id, {
        status: 'posted',
        dueAt: null,
        platformPostId: 'ig-media-9',
        permalink: 'https://ig/p/9',
      }),
    );
  });

  it('checks a template without a profile, writing nothing and listing every problem', async () => {
    const valid = (await importAs({ template: JSON.stringify(TEMPLATE) }))._unsafeUnwrap();
    expect(valid).toEqual({
      saved: false,
      valid: true,
      template: TEMPLATE,
      problems: [],
    });
    const invalid = (
      await importAs({ template: { ...TEMPLATE, mesage: 'x', trigger: 'dm' } })
    )._unsafeUnwrap();
    expect(invalid).toMatchObject({ saved: false, valid: false, template: null });
    expect(invalid.saved === false && invalid.problems.map((p) => p.field).sort()).toEqual([
      'mesage',
      'trigger',
    ]);
    expect(await t.store.automations.listAutomations(owner.id, null)).toEqual([]);
  });

  it('saves a draft without a post, live with a published post, and exports the live one', async () => {
    const draft = (await importAs({ template: TEMPLATE, profileId: account.id }))._unsafeUnwrap();
    expect(draft).toMatchObject({
      saved: true,
      automation: { state: 'draft', postId: null, profileId: account.id },
    });
    expect(gateway.subscribeCalls).toEqual([]);
    const live = (
      await importAs({ template: TEMPLATE, profileId: account.id, postId: posted.id })
    )._unsafeUnwrap();
    expect(live).toMatchObject({
      saved: true,
      automation: { state: 'live', postId: posted.id, needsReconnect: false },
    });
    expect(gateway.subscribeCalls).toHaveLength(1);
    if (!live.saved || !draft.saved) throw new Error('not saved');
    expect((await t.store.automations.getAutomation(live.automation.id))?.mediaId).toBe('ig-media-9');

    expect((await exportAutomationTemplate(t.deps, actor(), live.automation.id))._unsafeUnwrap()).toEqual(
      TEMPLATE,
    );
    expect(
      (await exportAutomationTemplate(t.deps, actor(), draft.automation.id))._unsafeUnwrapErr().code,
    ).toBe('automation_is_draft');
    const events = await t.store.events.listEvents(null, 100);
    expect(events.filter((e) => e.type === 'automation.created')).toHaveLength(2);
  });

  it('refuses what cannot be watched: a template with problems, another account, a post not published', async () => {
    const bad = await importAs({ template: { ...TEMPLATE, svcTemplate: 2 }, profileId: account.id });
    expect(bad._unsafeUnwrapErr()).toMatchObject({
      code: 'invalid_template',
      details: { problems: [{ field: 'svcTemplate' }] },
    });
    const scheduled = await seed(aPost(owner.id, account.id, { status: 'scheduled' }));
    const early = await importAs({ template: TEMPLATE, profileId: account.id, postId: scheduled.id });
    expect(early._unsafeUnwrapErr().code).toBe('invalid_post_state');
    const tiktok = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'tiktok' }));
    expect((await importAs({ template: TEMPLATE, profileId: tiktok.id }))._unsafeUnwrapErr().code).toBe(
      'validation_failed',
    );
    const other = await t.store.accounts.saveAccount(
      anAccount(owner.id, { sealedCredentials: seal({ accessToken: 'b' }) }),
    );
    const elsewhere = await importAs({ template: TEMPLATE, profileId: other.id, postId: posted.id });
    expect(elsewhere._unsafeUnwrapErr()).toMatchObject({
      code: 'validation_failed',
      details: { field: 'post_id' },
    });
    const limited = await importAs(
      { template: TEMPLATE, profileId: account.id },
      actor({ accountIds: [other.id] }),
    );
    expect(limited._unsafeUnwrapErr().code).toBe('profile_scope_denied');
    const stranger = aUser();
    const foreign = await importAs({ template: TEMPLATE, profileId: account.id }, actor({ user: stranger }));
    expect(foreign._unsafeUnwrapErr().code).toBe('invalid_profile_ids');
    const noScope = await importAs({ template: TEMPLATE }, actor({ scopes: ['automation:read'] }));
    expect(noScope._unsafeUnwrapErr().code).toBe('insufficient_scope');
  });

  it('refuses to go live on an account connected without the comment and message permissions', async () => {
    const old = await t.store.accounts.saveAccount(
      anAccount(owner.id, {
        sealedCredentials: seal({ accessToken: 'c', permissions: ['manage_comments'] }),
      }),
    );
    const post = await seed(
      aPost(owner.id, old.id, { status: 'posted', dueAt: null, platformPostId: 'ig-media-10' }),
    );
    const refused = await importAs({ template: TEMPLATE, profileId: old.id, postId: post.id });
    expect(refused._unsafeUnwrapErr()).toMatchObject({
      code: 'account_needs_reconnect',
      details: { missingPermissions: ['manage_messages'] },
    });
    const draft = (await importAs({ template: TEMPLATE, profileId: old.id }))._unsafeUnwrap();
    expect(draft).toMatchObject({
      automation: { needsReconnect: true, missingPermissions: ['manage_messages'] },
    });
  });

  it('marks the account when Meta refuses the subscription for good, and says so when Meta is away', async () => {
    gateway.scriptSubscribe({ kind: 'retry', afterMs: 1000, reason: 'HTTP 503' });
    const away = await importAs({ template: TEMPLATE, profileId: account.id, postId: posted.id });
    expect(away._unsafeUnwrapErr().code).toBe('platform_unreachable');
    gateway.scriptSubscribe({ kind: 'needs_reconnect', reason: 'revoked' });
    const revoked = await importAs({ template: TEMPLATE, profileId: account.id, postId: posted.id });
    expect(revoked._unsafeUnwrapErr().code).toBe('account_needs_reconnect');
    expect((await t.store.accounts.getAccount(account.id))?.needsReconnect).toBe(true);
    expect(await t.store.automations.listAutomations(owner.id, null)).toEqual([]);
  });

  it('lists, pauses, resumes and deletes; foreign ids are not found', async () => {
    const live = (
      await importAs({ template: TEMPLATE, profileId: account.id, postId: posted.id })
    )._unsafeUnwrap();
    if (!live.saved) throw new Error('not saved');
    const id = live.automation.id;
    expect((await setAutomationRunning(t.deps, actor(), id, false))._unsafeUnwrap().state).toBe('paused');
    expect((await setAutomationRunning(t.deps, actor(), id, false))._unsafeUnwrap().state).toBe('paused');
    expect((await setAutomationRunning(t.deps, actor(), id, true))._unsafeUnwrap().state).toBe('live');
    expect(gateway.subscribeCalls).toHaveLength(2);
    const listed = (await listAutomations(t.deps, actor()))._unsafeUnwrap();
    expect(listed.map((a) => [a.id, a.state, a.counts.matched])).toEqual([[id, 'live', 0]]);
    expect((await listAutomations(t.deps, actor({ accountIds: ['acct_other'] })))._unsafeUnwrap()).toEqual(
      [],
    );

    const stranger = actor({ user: aUser() });
    for (const result of [
      await exportAutomationTemplate(t.deps, stranger, id),
      await setAutomationRunning(t.deps, stranger, id, false),
      await deleteAutomation(t.deps, stranger, id),
      await deleteAutomation(t.deps, actor({ accountIds: ['acct_other'] }), id),
    ]) {
      expect(result._unsafeUnwrapErr().code).toBe('automation_not_found');
    }
    expect((await deleteAutomation(t.deps, actor(), id))._unsafeUnwrap()).toEqual({ id, deleted: true });
    expect((await deleteAutomation(t.deps, actor(), id))._unsafeUnwrapErr().code).toBe(
      'automation_not_found',
    );
    const types = (await t.store.events.listEvents(null, 100))
      .map((e) => e.type)
      .filter((e) => e.startsWith('automation.'));
    expect(types).toEqual([
      'automation.created',
      'automation.paused',
      'automation.resumed',
      'automation.deleted',
    ]);
  });
});
