import { describe, expect, it } from 'vitest';
import { collectionsFromEvents } from './collections-from-events.js';
import { decidePublicIdCheck } from './decide-public-id-check.js';
import { nextPublicIdCheckAt, PUBLIC_ID_CHECKS_MS } from './public-id-schedule.js';

const MINUTE = 60_000;
const published = new Date('2026-05-01T10:00:00.000Z');
const at = (minutes: number) => new Date(published.getTime() + minutes * MINUTE);
const job = { publishedAt: published };

describe('the schedule of asks for a held-back public id', () => {
  it('asks at 1, 3, 8, 18, 48 minutes, then hourly-ish up to about six hours', () => {
    expect(PUBLIC_ID_CHECKS_MS.map((ms) => ms / MINUTE)).toEqual([1, 3, 8, 18, 48, 108, 228, 348]);
    expect(nextPublicIdCheckAt(published, at(1))).toEqual(at(3));
    expect(nextPublicIdCheckAt(published, at(20))).toEqual(at(48));
    expect(nextPublicIdCheckAt(published, at(20), 60 * MINUTE)).toEqual(at(80));
    expect(nextPublicIdCheckAt(published, at(348))).toBeNull();
  });

  it('starts awaiting collections a minute after publishing, others an hour after', () => {
    const event = (data: Record<string, string | boolean | null>) => ({
      type: 'post.posted' as const,
      at: published,
      ownerId: 'user_1',
      subjectId: 'post_1',
      data: { platform: 'tiktok', profileId: 'acct_1', platformPostId: 'v_pub_file~1', ...data },
      actor: null,
      seq: 1,
      position: '1',
    });
    expect(collectionsFromEvents([event({ publicIdPending: true })])).toEqual([
      expect.objectContaining({ status: 'awaiting_id', nextAt: at(1), platformPostId: 'v_pub_file~1' }),
    ]);
    expect(collectionsFromEvents([event({})])).toEqual([
      expect.objectContaining({ status: 'pending', nextAt: at(60) }),
    ]);
  });
});

describe('decidePublicIdCheck', () => {
  it('reveals an id that came, reading metrics at the first slot or at once when it has passed', () => {
    const answer = { kind: 'public', platformPostId: '734', permalink: 'https://t/734' } as const;
    expect(decidePublicIdCheck(job, answer, at(3), false)).toEqual({
      kind: 'reveal',
      platformPostId: '734',
      permalink: 'https://t/734',
      nextAt: at(60),
    });
    expect(decidePublicIdCheck(job, answer, at(228), false)).toMatchObject({
      kind: 'reveal',
      nextAt: at(228),
    });
  });

  it('asks again while moderation goes on, and gives up when the schedule is over', () => {
    expect(decidePublicIdCheck(job, { kind: 'pending' }, at(8), false)).toMatchObject({
      kind: 'defer',
      until: at(18),
    });
    expect(decidePublicIdCheck(job, { kind: 'pending' }, at(348), false)).toMatchObject({
      kind: 'give_up',
      reason: expect.stringContaining('did not come'),
    });
    expect(decidePublicIdCheck(job, { kind: 'never', reason: 'Failed.' }, at(3), false)).toEqual({
      kind: 'give_up',
      reason: 'Failed.',
    });
  });

  it('refreshes tokens once, and waits out faults at least a minute', () => {
    expect(decidePublicIdCheck(job, { kind: 'token_expired' }, at(3), false)).toEqual({
      kind: 'refresh_tokens',
    });
    expect(decidePublicIdCheck(job, { kind: 'token_expired' }, at(3), true)).toMatchObject({ kind: 'defer' });
    expect(
      decidePublicIdCheck(job, { kind: 'retry', afterMs: 0, reason: 'TikTok had a fault.' }, at(2.5), false),
    ).toMatchObject({ kind: 'defer', until: at(3.5) });
    expect(
      decidePublicIdCheck(job, { kind: 'needs_reconnect', reason: 'Reconnect.' }, at(3), false),
    ).toMatchObject({ kind: 'defer', until: at(63) });
  });
});
