import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('ignores key order at every level but keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [2, 1] }, b: 1 }),
    );
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
  });

  it('drops undefined fields and writes dates as ISO strings', () => {
    expect(canonicalJson({ a: undefined, t: new Date('2026-01-01T00:00:00Z') })).toBe(
      '{"t":"2026-01-01T00:00:00.000Z"}',
    );
  });
});
