import { StoreUnavailableError } from '@svc/core';
import { describe, expect, it } from 'vitest';
import { leaseClaimOf } from './leased-worker-options.js';
import { workThroughClaims } from './work-through-claims.js';

const logged: unknown[] = [];
const logger = {
  info() {},
  warn() {},
  error: (fields: unknown, message: string) => logged.push([fields, message]),
};
const ctx = (stopAfter = Number.POSITIVE_INFINITY) => {
  let seen = 0;
  return {
    loop: { stopping: () => seen++ >= stopAfter },
    logger,
    crashed: 'item crashed',
    fieldsOf: (item: string) => ({ item }),
  };
};

describe('workThroughClaims', () => {
  it('logs an item that throws and goes on with the others', async () => {
    logged.length = 0;
    const done: string[] = [];
    await workThroughClaims(['a', 'b', 'c'], ctx(), async (item) => {
      if (item === 'b') throw new TypeError('boom');
      done.push(item);
    });
    expect(done).toEqual(['a', 'c']);
    expect(logged).toEqual([[{ item: 'b', err: 'TypeError' }, 'item crashed']]);
  });

  it('ends the round on a store outage', async () => {
    const outage = new StoreUnavailableError('down');
    await expect(
      workThroughClaims(['a', 'b'], ctx(), async () => {
        throw outage;
      }),
    ).rejects.toBe(outage);
  });

  it('stops between items once the loop stops', async () => {
    const done: string[] = [];
    await workThroughClaims(['a', 'b', 'c'], ctx(1), async (item) => {
      done.push(item);
    });
    expect(done).toEqual(['a']);
  });
});

describe('leaseClaimOf', () => {
  it('claims a batch leased to this process for leaseMs from now', () => {
    const now = new Date('2026-01-01T00:00:00.000Z');
    expect(leaseClaimOf({ leaseOwner: 'w1', leaseMs: 60_000, batch: 5, intervalMs: 1000 }, now)).toEqual({
      now,
      leaseOwner: 'w1',
      leaseUntil: new Date('2026-01-01T00:01:00.000Z'),
      limit: 5,
    });
  });
});
