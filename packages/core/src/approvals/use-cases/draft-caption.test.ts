import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY_CONFIG, measureText } from '../../policy/index.js';
import { draftCaption, PROMOTIONAL_CALL_TO_ACTION } from './draft-caption.js';

const caption = (
  hint: string,
  tone: 'casual' | 'professional' | 'promotional',
  platforms = ['instagram'] as const,
) => draftCaption(hint, tone, [...platforms], DEFAULT_POLICY_CONFIG);

describe('draftCaption', () => {
  it('tidies the hint and moves hashtags to a last line', () => {
    expect(caption('  our   new #coffee blend\n\n\n\nis out #launch #coffee ', 'casual')).toBe(
      'Our new blend\n\nis out\n\n#coffee #launch',
    );
  });

  it('ends professional captions with a full stop and promotional ones with a call to action', () => {
    expect(caption('quarterly results are in', 'professional')).toBe('Quarterly results are in.');
    expect(caption('summer sale starts monday!', 'promotional')).toBe(
      `Summer sale starts monday!\n\n${PROMOTIONAL_CALL_TO_ACTION}`,
    );
  });

  it('is deterministic', () => {
    expect(caption('same hint #x', 'promotional')).toBe(caption('same hint #x', 'promotional'));
  });

  it('cuts at a word boundary to the tightest ceiling of the platforms (threads 500)', () => {
    const hint = `${'word '.repeat(300)}#tag`;
    const threads = draftCaption(hint, 'casual', ['instagram', 'threads'], DEFAULT_POLICY_CONFIG);
    expect(measureText(threads, 'threads_weighted')).toBeLessThanOrEqual(500);
    expect(threads).toMatch(/word…\n\n#tag$/);
    const instagram = draftCaption(`${'word '.repeat(1000)}`, 'casual', ['instagram'], DEFAULT_POLICY_CONFIG);
    expect(Array.from(instagram).length).toBeLessThanOrEqual(2200);
    expect(instagram.endsWith('word…')).toBe(true);
  });

  it('cuts one overlong word to the tightest ceiling', () => {
    const cut = draftCaption('x'.repeat(5000), 'casual', ['threads'], DEFAULT_POLICY_CONFIG);
    expect(measureText(cut, 'threads_weighted')).toBeLessThanOrEqual(500);
    expect(cut.endsWith('x…')).toBe(true);
  });

  it('keeps the service ceiling without platforms and copes with one overlong word', () => {
    expect(
      Array.from(draftCaption('x'.repeat(5000), 'casual', [], DEFAULT_POLICY_CONFIG)).length,
    ).toBeLessThanOrEqual(2200);
  });
});
