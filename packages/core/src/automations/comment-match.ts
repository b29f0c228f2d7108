import type { AutomationTemplate } from './automation-template.js';

/** What an automation makes of a comment. */
export type CommentMatch =
  | { readonly kind: 'match'; readonly keyword: string | null }
  | { readonly kind: 'skip'; readonly reason: 'no_keyword' | 'excluded'; readonly keyword: string | null };

/**
 * Whether a comment triggers the automation: excluded words first (whole words), then the
 * trigger: every comment, or a keyword found as `match` says. Case and accents never matter
 * ("Prix", "PRIX" and "prix" are one word), and a whole word is one not touching another letter
 * or digit, in any script.
 */
export function matchComment(template: AutomationTemplate, comment: string): CommentMatch {
  const text = fold(comment);
  const excluded = template.excludeKeywords.find((word) => hasWord(text, fold(word)));
  if (excluded !== undefined) return { kind: 'skip', reason: 'excluded', keyword: excluded };
  if (template.trigger === 'every_comment') return { kind: 'match', keyword: null };
  const found = template.keywords.find((keyword) => {
    const wanted = fold(keyword);
    if (template.match === 'exact') return text === wanted;
    if (template.match === 'contains') return text.includes(wanted);
    return hasWord(text, wanted);
  });
  return found === undefined
    ? { kind: 'skip', reason: 'no_keyword', keyword: null }
    : { kind: 'match', keyword: found };
}

// Lower case, accents dropped, runs of white space as one space, trimmed.
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase('en-US')
    .replace(/\s+/gu, ' ')
    .trim();
}

function hasWord(text: string, word: string): boolean {
  if (word === '') return false;
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').test(text);
}
