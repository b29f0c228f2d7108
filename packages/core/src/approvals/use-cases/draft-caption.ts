import type { Platform } from '../../kernel/index.js';
import { measureText, type PolicyConfig } from '../../policy/index.js';

/** The tones `svc_draft_post` offers. */
export const DRAFT_TONES = ['casual', 'professional', 'promotional'] as const;

/** A draft's tone. */
export type DraftTone = (typeof DRAFT_TONES)[number];

/** The call to action a promotional draft ends with. */
export const PROMOTIONAL_CALL_TO_ACTION = 'Check it out today!';

const HASHTAG = /(^|\s)(#[\p{L}\p{N}_]+)/gu;

/**
 * Turns a content hint into a caption without any outside service, so a draft is reproducible
 * and costs nothing (docs/drafts-and-approvals.md): spaces tidied, the first letter capitalised,
 * hashtags moved to a last line, a closing full stop for `professional` and `promotional`, a call
 * to action for `promotional`, then the body cut at a word boundary (with "…") until the caption
 * fits the tightest ceiling of the chosen platforms and the service's own.
 */
export function draftCaption(
  hint: string,
  tone: DraftTone,
  platforms: readonly Platform[],
  policy: PolicyConfig,
): string {
  const tags = [...new Set([...hint.matchAll(HASHTAG)].map((m) => m[2] as string))];
  const body = tidy(hint.replace(HASHTAG, '$1'));
  const closing = tone === 'promotional' ? PROMOTIONAL_CALL_TO_ACTION : '';
  const sentence = tone === 'casual' ? body : withFullStop(body);
  const compose = (text: string, keepTags: boolean) =>
    [text, closing, keepTags ? tags.join(' ') : ''].filter((part) => part !== '').join('\n\n');
  const fits = (caption: string) => fitsEverywhere(caption, platforms, policy);

  for (const keepTags of [true, false]) {
    if (fits(compose(sentence, keepTags))) return compose(sentence, keepTags);
    const words = sentence.split(' ');
    const cutAt = (n: number) =>
      compose(
        `${words
          .slice(0, n)
          .join(' ')
          .replace(/[\s,;:.!?-]+$/u, '')}…`,
        keepTags,
      );
    // Binary search for the most words that fit: longer hints must not cost quadratic time.
    let [low, high] = [0, words.length - 1];
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (fits(cutAt(mid))) low = mid;
      else high = mid - 1;
    }
    if (low > 0) return cutAt(low);
  }
  // One word longer than the ceiling: cut it by code points, as far as the ceiling allows.
  const chars = Array.from(sentence);
  let [low, high] = [0, chars.length];
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(`${chars.slice(0, mid).join('')}…`)) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join('')}…`;
}

function tidy(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/gu, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  // A single-line hint stays one paragraph; line breaks in the hint are the author's.
  const first = lines.charAt(0);
  return first.toUpperCase() + lines.slice(1);
}

function withFullStop(text: string): string {
  return text === '' || /[.!?…]$/u.test(text) ? text : `${text}.`;
}

function fitsEverywhere(caption: string, platforms: readonly Platform[], policy: PolicyConfig): boolean {
  if (measureText(caption, 'code_points') > policy.captionMax) return false;
  return platforms.every((platform) => {
    const rules = policy.platforms[platform];
    return rules.captionMax === null || measureText(caption, rules.captionCounting) <= rules.captionMax;
  });
}
