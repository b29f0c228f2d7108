import { createDraft, createUser, requestApproval, setTimeZone, setUserPlan, type User } from '@svc/core';
import { hashPassword } from '@svc/core/node';
import { anAccount } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConsoleApp, type ConsoleClient, ownerOf, startConsoleApp } from './console-app.js';

const PASSWORD = 'correct horse battery';
const DAY = 86_400_000;
// The test clock starts at 2026-01-15T12:00Z: a 14-day trial ends at noon UTC on the 29th, which
// is 07:00 in New York, where this person reads times.
const TRIAL_END = '<time datetime="2026-01-29T12:00:00.000Z">2026-01-29 07:00 EST</time>';

describe('what the console tells a person about their plan', () => {
  let app: ConsoleApp;
  let user: User;
  let threadsId: string;
  beforeEach(async () => {
    app = await startConsoleApp();
    user = (
      await createUser(app.t.deps, {
        email: 'ann@example.com',
        plan: 'trial',
        trialDays: 14,
        betaTester: false,
      })
    )._unsafeUnwrap();
    await app.t.store.users.setPasswordHash(user.id, await hashPassword(PASSWORD), app.t.clock.now());
    (await setTimeZone(app.t.deps, ownerOf(user), 'America/New_York'))._unsafeUnwrap();
    threadsId = (await app.t.store.accounts.saveAccount(anAccount(user.id, { platform: 'threads' }))).id;
  });
  afterEach(() => app.close());

  const signedIn = async (): Promise<ConsoleClient> => {
    const browser = app.client();
    await browser.signIn(user.email, PASSWORD);
    return browser;
  };
  const noticeOf = (text: string) =>
    /<section class="card plan-notice[\s\S]*?<\/section>/.exec(text)?.[0] ?? '';

  it('on a trial, the Overview says how many days are left, until when, and what happens after', async () => {
    app.t.clock.advance(11 * DAY);
    const browser = await signedIn();
    const notice = noticeOf((await browser.get('/app')).text);
    expect(notice).toContain('<h2 id="plan-notice-heading">Your trial</h2>');
    expect(notice).toContain(`<p>3 days left: your trial ends on ${TRIAL_END}.</p>`);
    expect(notice).toContain(
      'When it ends, you can still read your posts, accounts, media and analytics, but scheduling posts, uploading media and agent tools stop until the operator of this server changes your plan with <code>svc users set-plan</code>.',
    );
    // Composing works during a trial: nothing to warn about there.
    expect(noticeOf((await browser.get('/app/compose')).text)).toBe('');
  });

  it('after the trial, the Overview and Compose say when it ended, what works, what does not and what to ask', async () => {
    app.t.clock.advance(15 * DAY);
    const browser = await signedIn();
    const overview = (await browser.get('/app')).text;
    const notice = noticeOf(overview);
    expect(notice).toContain('class="card plan-notice plan-notice-lapsed"');
    expect(notice).toContain('<h2 id="plan-notice-heading">Your trial has ended</h2>');
    expect(notice).toContain(`<p>Your trial ended on ${TRIAL_END}.</p>`);
    expect(notice).toContain('<p>Still works: reading your posts, accounts, media and analytics');
    expect(notice).toContain('<p>Stopped: scheduling posts (drafts and review requests too), uploading');
    expect(notice).toContain(
      'ask the operator of this server to change your plan. They run <code>svc users set-plan --email ann@example.com --plan paid</code>.',
    );
    expect(overview).not.toContain('Trial:');
    expect(noticeOf((await browser.get('/app/compose')).text)).toBe(notice);

    // Scheduling is refused with core's words, and the notice stays in view.
    const refused = await browser.post('/app/compose', {
      account: threadsId,
      caption: 'Hello',
      action: 'schedule',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(
      'Your trial has ended, so new posts cannot be scheduled. Ask the operator of this server to change your plan (svc users set-plan); reading your posts and accounts still works.',
    );
    expect(noticeOf(refused.text)).toBe(notice);
  });

  it('an approval refused for the lapsed plan shows the same notice', async () => {
    const actor = ownerOf(user);
    const draft = (
      await createDraft(app.t.deps, actor, { caption: 'Spring', profileIds: [threadsId] })
    )._unsafeUnwrap();
    (await requestApproval(app.t.deps, actor, { postId: draft.id }))._unsafeUnwrap();
    app.t.clock.advance(15 * DAY);
    const browser = await signedIn();
    await browser.get('/app/approvals');
    const refused = await browser.post(`/app/approvals/${draft.id}`, { decision: 'approve' });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('Your trial has ended, so new posts cannot be scheduled.');
    expect(noticeOf(refused.text)).toContain(`<p>Your trial ended on ${TRIAL_END}.</p>`);
  });

  it('once the operator sets the plan to paid, the notice is gone and scheduling works', async () => {
    app.t.clock.advance(15 * DAY);
    const browser = await signedIn();
    (await setUserPlan(app.t.deps, { email: 'ann@example.com', plan: 'paid' }))._unsafeUnwrap();
    const overview = (await browser.get('/app')).text;
    expect(noticeOf(overview)).toBe('');
    expect(overview).toContain('<p>Plan: Paid. 1 connected account(s).</p>');
    const scheduled = await browser.post('/app/compose', {
      account: threadsId,
      caption: 'Hello',
      action: 'schedule',
    });
    expect(scheduled.status).toBe(303);
  });
});
