import { type Actor, addMember, createDraft, requestApproval, type User } from '@svc/core';
import { anAccount } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConsoleApp, ownerOf, startConsoleApp } from './console-app.js';

const PASSWORD = 'correct horse battery';

// The Approval rules page sets the workspace's policy; the Approvals page then shows each request's
// steps and offers the decision to the open step's reviewer only (docs/teams.md, "Approval policy").
describe('approval rules in the console', () => {
  let app: ConsoleApp;
  let owner: User;
  let threadsId: string;
  beforeEach(async () => {
    app = await startConsoleApp();
    owner = await app.user();
    threadsId = (await app.t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'threads' }))).id;
  });
  afterEach(() => app.close());

  /** A draft of `actor` in the owner's workspace, sent for review; its id. */
  const asked = async (actor: Actor, caption: string) => {
    const draft = (
      await createDraft(app.t.deps, actor, { caption, profileIds: [threadsId] })
    )._unsafeUnwrap();
    (await requestApproval(app.t.deps, actor, { postId: draft.id, note: 'please' }))._unsafeUnwrap();
    return draft.id;
  };

  it('saves two steps, and the owner decides both for a contributor, seeing each step', async () => {
    const added = (
      await addMember(app.t.deps, {
        ownerEmail: owner.email,
        email: 'cy@example.com',
        role: 'contributor',
        accountIds: null,
      })
    )._unsafeUnwrap();
    const cy = await app.t.store.users.getUser(added.member.userId);
    if (cy === null) throw new Error('no contributor');
    const contributor: Actor = {
      ...ownerOf(cy),
      workspaceId: owner.id,
      member: { workspaceId: owner.id, role: 'contributor', accountIds: null },
      planHolder: owner,
    };
    const browser = app.client();
    await browser.signIn(owner.email, PASSWORD);
    const rules = await browser.get('/app/approval-rules');
    expect(rules.text).toContain('uses the default');
    // Only members who may decide approvals are offered as named reviewers.
    expect(rules.text).toContain(`Only ${owner.email} (owner)`);
    expect(rules.text).not.toContain('Only cy@example.com');
    const saved = await browser.post('/app/approval-rules', {
      requiredFor: 'agents',
      step1: 'role:editor',
      step2: `user:${owner.id}`,
    });
    expect(saved.headers.get('location')).toBe('/app/approval-rules?done=saved');
    expect((await browser.get('/app/approval-rules?done=saved')).text).toContain(
      'The approval rules were saved.',
    );
    expect(await app.t.store.workspaces.getApprovalPolicy(owner.id)).toEqual({
      requiredFor: 'agents',
      steps: [{ role: 'editor' }, { userId: owner.id }],
    });

    const postId = await asked(contributor, 'Cy’s post');
    const waiting = (await browser.get('/app/approvals')).text;
    expect(waiting).toContain('Step 1 (any editor or above): awaiting review');
    expect(waiting).toContain(`Step 2 (member ${owner.id}): waits for the step before`);
    const first = await browser.post(`/app/approvals/${postId}`, {
      decision: 'approve',
      note: 'step one fine',
    });
    expect(first.headers.get('location')).toBe('/app/approvals?done=step');
    expect((await app.t.store.posts.getPost(postId))?.status).toBe('pending_approval');
    const midway = (await browser.get('/app/approvals?done=step')).text;
    expect(midway).toContain('Your step is approved: the post now waits for the next review step.');
    expect(midway).toContain(`approved by ${owner.email}`);
    expect(midway).toContain('step one fine');
    const second = await browser.post(`/app/approvals/${postId}`, { decision: 'approve' });
    expect(second.headers.get('location')).toBe(`/app/posts/${postId}?done=approved`);
    expect((await app.t.store.posts.getPost(postId))?.status).toBe('scheduled');
  });

  it('refuses a step no one could decide, and keeps the requester from deciding their own request', async () => {
    const browser = app.client();
    await browser.signIn(owner.email, PASSWORD);
    await browser.get('/app/approval-rules');
    const refused = await browser.post('/app/approval-rules', {
      requiredFor: 'everyone',
      step1: 'role:viewer',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('may not decide approvals');
    await browser.get('/app/approval-rules');
    await browser.post('/app/approval-rules', { requiredFor: 'everyone', step1: 'role:editor', step2: '' });
    await asked(ownerOf(owner), 'My own post');
    const page = (await browser.get('/app/approvals')).text;
    expect(page).toContain('You asked for this approval: someone else decides it.');
    expect(page).not.toContain('name="decision"');
  });
});
