import { describe, expect, it } from 'vitest';
import { aPost } from '../testing/builders.js';
import { contentKeyOf, DUPLICATE_WINDOW_MS, findRepeat, normalizeCaption } from './duplicate-content.js';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.UTC(2026, 0, 16, 9) + hours * HOUR);

describe('duplicate content', () => {
  it('compares captions as people see them', () => {
    expect(normalizeCaption('  New  drop\n\tFRIDAY ')).toBe('new drop friday');
    expect(normalizeCaption('Ｎｅｗ ﬁle')).toBe('new file');
    expect(normalizeCaption('New drop!')).not.toBe(normalizeCaption('New drop'));
  });

  it('counts a converted or padded copy as its original, and keeps slide order', () => {
    const original = { caption: 'x', media: [{ kind: 'asset' as const, mediaId: 'media_a' }] };
    const copy = {
      caption: 'X ',
      media: [{ kind: 'asset' as const, mediaId: 'media_b', derivedFrom: 'media_a' }],
    };
    expect(contentKeyOf(copy)).toBe(contentKeyOf(original));
    const two = (a: string, b: string) => ({
      caption: 'x',
      media: [
        { kind: 'asset' as const, mediaId: a },
        { kind: 'asset' as const, mediaId: b },
      ],
    });
    expect(contentKeyOf(two('m1', 'm2'))).not.toBe(contentKeyOf(two('m2', 'm1')));
  });

  it('finds the nearest post of the same account and content within 48 hours that goes or went out', () => {
    const candidate = aPost('user_1', 'acct_1', { caption: 'Hello', scheduledTime: at(0) });
    const same = (hours: number, extra = {}) =>
      aPost('user_1', 'acct_1', { caption: 'hello', scheduledTime: at(hours), ...extra });
    const near = same(-3);
    expect(findRepeat(candidate, [same(47), near, same(-30)])).toBe(near);
    expect(findRepeat(candidate, [same(49), same(-49)])).toBeNull();
    expect(findRepeat(candidate, [same(1, { status: 'posted' })])).not.toBeNull();
    expect(findRepeat(candidate, [same(1, { status: 'failed' }), same(1, { status: 'draft' })])).toBeNull();
    expect(findRepeat(candidate, [same(1, { deletedAt: at(0) })])).toBeNull();
    expect(findRepeat(candidate, [same(1, { profileIds: ['acct_2'] })])).toBeNull();
    expect(findRepeat(candidate, [same(1, { caption: 'Hello again' })])).toBeNull();
    expect(findRepeat(candidate, [{ ...candidate }])).toBeNull();
    expect(DUPLICATE_WINDOW_MS).toBe(48 * HOUR);
  });
});
