import { describe, expect, it } from 'vitest';
import { decideLastUse } from './decide-last-use.js';

describe('decideLastUse', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('writes a first use, and one a minute or more after the stored one', () => {
    expect(decideLastUse(null, now)).toEqual({ at: now, unlessSince: ago(60_000) });
    expect(decideLastUse(ago(60_001), now)).toEqual({ at: now, unlessSince: ago(60_000) });
  });

  it('writes nothing within a minute of the stored use, nor for a stored use ahead of the clock', () => {
    expect(decideLastUse(ago(60_000), now)).toBeNull();
    expect(decideLastUse(ago(1), now)).toBeNull();
    expect(decideLastUse(new Date(now.getTime() + 5_000), now)).toBeNull();
  });
});
