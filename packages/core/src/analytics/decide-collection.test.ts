import { describe, expect, it } from 'vitest';
import { anAccount } from '../testing/builders.js';
import type { CollectionJob } from './collection-job.js';
import { decideCollection, unreadableAccountRetry } from './decide-collection.js';

const HOUR = 3_600_000;
const published = new Date('2026-05-01T10:00:00Z');
const at = (ms: number) => new Date(published.getTime() + ms);
const job = (postId: string, doneSlot: number | null = null): CollectionJob => ({
  postId,
  ownerId: 'user_1',
  accountId: 'acct_1',
  platform: 'tiktok',
  platformPostId: `tt_${postId}`,
  publishedAt: published,
  nextAt: at(HOUR),
  doneSlot,
  status: 'pending',
});

describe('decideCollection', () => {
  it('records each post under the slot that has come, with its next read; a post left out is not available', () => {
    const decision = decideCollection(
      [job('p1'), job('p2')],
      { kind: 'read', readings: [{ postId: 'p1', kind: 'metrics', metrics: { views: 10, likes: 1 } }] },
      at(7 * HOUR),
      false,
    );
    expect(decision).toEqual({
      kind: 'record',
      results: [
        {
          postId: 'p1',
          at: at(7 * HOUR),
          status: 'collected',
          slot: 1,
          metrics: { views: 10, likes: 1 },
          nextAt: at(24 * HOUR),
        },
        {
          postId: 'p2',
          at: at(7 * HOUR),
          status: 'not_available',
          slot: 1,
          metrics: null,
          nextAt: at(24 * HOUR),
        },
      ],
    });
  });

  it('stores every metric as a whole count of zero or more', () => {
    const decision = decideCollection(
      [job('p1')],
      {
        kind: 'read',
        readings: [
          { postId: 'p1', kind: 'metrics', metrics: { views: 10.6, likes: -1, shares: Number.NaN } },
        ],
      },
      at(HOUR),
      false,
    );
    expect(decision).toMatchObject({ kind: 'record', results: [{ metrics: { views: 11, likes: 0 } }] });
    expect(decision.kind === 'record' && decision.results[0]?.metrics).not.toHaveProperty('shares');
  });

  it('stands a read before the first slot for the first slot, and never goes back a slot', () => {
    const early = decideCollection([job('p1')], { kind: 'read', readings: [] }, at(10 * 60_000), false);
    expect(early).toMatchObject({ kind: 'record', results: [{ slot: 0, nextAt: at(6 * HOUR) }] });
    const again = decideCollection([job('p1', 3)], { kind: 'read', readings: [] }, at(2 * HOUR), false);
    expect(again).toMatchObject({ kind: 'record', results: [{ slot: 3 }] });
  });

  it('marks posts scope_missing without failing them, to be read again at the next slot', () => {
    const decision = decideCollection(
      [job('p1')],
      { kind: 'scope_missing', reason: 'no video.list' },
      at(HOUR),
      false,
    );
    expect(decision).toEqual({
      kind: 'record',
      results: [
        { postId: 'p1', at: at(HOUR), status: 'scope_missing', slot: 0, metrics: null, nextAt: at(6 * HOUR) },
      ],
    });
  });

  it('refreshes an expired token once, then gives the posts back for a day', () => {
    expect(decideCollection([job('p1')], { kind: 'token_expired' }, at(HOUR), false)).toEqual({
      kind: 'refresh_tokens',
    });
    expect(decideCollection([job('p1')], { kind: 'token_expired' }, at(HOUR), true)).toMatchObject({
      kind: 'defer',
      until: at(25 * HOUR),
    });
  });

  it('gives the posts back after a fault or a rate limit, at least a minute later', () => {
    expect(
      decideCollection([job('p1')], { kind: 'retry', afterMs: 0, reason: 'timeout' }, at(HOUR), false),
    ).toEqual({
      kind: 'defer',
      until: at(HOUR + 60_000),
      reason: 'timeout',
    });
    expect(
      decideCollection(
        [job('p1')],
        { kind: 'retry', afterMs: 15 * 60_000, reason: 'rate limited' },
        at(HOUR),
        false,
      ),
    ).toMatchObject({ until: at(HOUR + 15 * 60_000) });
  });

  it('puts off an account that cannot be read for a day, and lets a readable one through', () => {
    const readable = anAccount('user_1', { sealedCredentials: 'sealed' });
    expect(unreadableAccountRetry(readable, at(HOUR))).toBeNull();
    for (const account of [
      null,
      { ...readable, status: 'inactive' as const },
      { ...readable, needsReconnect: true },
      { ...readable, sealedCredentials: null },
    ]) {
      expect(unreadableAccountRetry(account, at(HOUR))).toEqual(at(25 * HOUR));
    }
  });
});
