import { describe, expect, it } from 'vitest';
import { aUser } from '../testing/builders.js';
import { planNotice } from './plan-notice.js';

const NOW = new Date('2026-05-10T12:00:00Z');
const DAY = 86_400_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);
// The words of a notice, with instants and commands shown as the console shows them.
const text = (notice: ReturnType<typeof planNotice>) =>
  notice?.lines.map((line) =>
    line
      .map((p) => (typeof p === 'string' ? p : 'at' in p ? `<${p.at.toISOString()}>` : `\`${p.command}\``))
      .join(''),
  );

describe('planNotice', () => {
  it('tells a person on a trial the days left and what happens after', () => {
    const notice = planNotice(aUser({ plan: { kind: 'trial', endsAt: at(3 * DAY - 1000) } }), NOW);
    expect(notice).toMatchObject({ kind: 'trial', title: 'Your trial' });
    expect(text(notice)).toEqual([
      '3 days left: your trial ends on <2026-05-13T11:59:59.000Z>.',
      'When it ends, you can still read your posts, accounts, media and analytics, but scheduling posts, uploading media and agent tools stop until the operator of this server changes your plan with `svc users set-plan`.',
    ]);
    expect(text(planNotice(aUser({ plan: { kind: 'trial', endsAt: at(3_600_000) } }), NOW))?.[0]).toMatch(
      /^1 day left/,
    );
  });

  it('tells a person whose trial lapsed when, what still works, what does not, and whom to ask', () => {
    const user = aUser({ email: 'ann@example.com', plan: { kind: 'trial', endsAt: at(-DAY) } });
    const notice = planNotice(user, NOW);
    expect(notice).toMatchObject({ kind: 'lapsed', title: 'Your trial has ended' });
    expect(text(notice)).toEqual([
      'Your trial ended on <2026-05-09T12:00:00.000Z>.',
      'Still works: reading your posts, accounts, media and analytics, here and through the REST API.',
      'Stopped: scheduling posts (drafts and review requests too), uploading or importing media, and agent tools.',
      'To lift this, ask the operator of this server to change your plan. They run `svc users set-plan --email ann@example.com --plan paid`.',
    ]);
    // The end instant itself is past: the trial has ended.
    expect(planNotice({ ...user, plan: { kind: 'trial', endsAt: NOW } }, NOW)?.kind).toBe('lapsed');
  });

  it('says an expired plan was set so, without an end date it does not have', () => {
    const notice = planNotice(aUser({ plan: { kind: 'expired' } }), NOW);
    expect(notice).toMatchObject({ kind: 'lapsed', title: 'Your plan has expired' });
    expect(text(notice)?.[0]).toBe('The operator of this server set your plan to expired.');
  });

  it('has nothing to tell a paid user or a beta tester, whose access never lapses', () => {
    expect(planNotice(aUser({ plan: { kind: 'paid' } }), NOW)).toBeNull();
    expect(planNotice(aUser({ plan: { kind: 'expired' }, betaTester: true }), NOW)).toBeNull();
    expect(planNotice(aUser({ plan: { kind: 'trial', endsAt: at(DAY) }, betaTester: true }), NOW)).toBeNull();
  });
});
