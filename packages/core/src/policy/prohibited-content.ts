// The prohibited-content list and its matcher; personal data is found by personal-data.ts.

/** One entry of the prohibited-content list: phrases and/or patterns, the category, and what to do. */
export type ProhibitedContentRule = {
  /** Short name shown to people, e.g. `fake engagement`. */
  readonly category: string;
  /** What to do instead, one sentence. */
  readonly advice: string;
  /** Matched case-insensitively as whole words; any run of spaces matches any whitespace. */
  readonly phrases?: readonly string[];
  /** Matched as given (flags `g` and `y` are ignored). */
  readonly patterns?: readonly RegExp[];
};

/** A prohibited-content rule that matched, with the text that matched it. */
export type ProhibitedContentFinding = {
  readonly rule: ProhibitedContentRule;
  readonly match: string;
};

/**
 * A small default list of wording platforms remove or down-rank. It is deliberately narrow
 * (phrases, not single words) so that ordinary posts are not flagged; extend it in PolicyConfig.
 */
export const DEFAULT_PROHIBITED_CONTENT: readonly ProhibitedContentRule[] = [
  {
    category: 'fake engagement',
    advice:
      'Remove the follow/like trading or follower-buying wording and ask for genuine engagement instead.',
    phrases: [
      'follow for follow',
      'follow4follow',
      'f4f',
      'like for like',
      'like4like',
      'l4l',
      'sub for sub',
      'sub4sub',
      'comment for comment',
      'buy followers',
      'buy likes',
      'buy views',
      'buy subscribers',
      'free followers',
    ],
  },
  {
    category: 'financial scam',
    advice: 'Remove promises of guaranteed or risk-free returns; describe the risks instead.',
    phrases: [
      'guaranteed returns',
      'guaranteed return',
      'guaranteed profit',
      'guaranteed profits',
      'guaranteed income',
      'risk-free investment',
      'risk free investment',
      'double your money',
      'get rich quick',
    ],
  },
  {
    category: 'misleading health claim',
    advice:
      'Remove claims that a product cures disease or guarantees weight loss; say what it does, with evidence.',
    phrases: [
      'miracle cure',
      'miracle cures',
      'cures cancer',
      'cure cancer',
      'lose weight fast',
      'instant weight loss',
    ],
  },
  {
    category: 'counterfeit goods',
    advice:
      'Do not offer replicas or counterfeits of branded goods; platforms remove such posts and may restrict the account.',
    phrases: [
      'replica bags',
      'replica handbags',
      'replica watches',
      'replica sneakers',
      'designer replica',
      'designer replicas',
      'fake designer',
      '1:1 replica',
      'aaa replica',
      'counterfeit bags',
      'counterfeit watches',
    ],
  },
  {
    category: 'credential phishing',
    advice:
      'Never ask people for passwords, codes, seed phrases or private keys; platforms treat it as phishing.',
    patterns: [
      /(?<!\b(?:never|not|don't|dont|do not)\s+)\b(?:send|share|dm|give|tell|text|email)(?:\s+(?:me|us))?\s+(?:your|ur)\s+(?:password|passcode|pin|seed phrase|recovery phrase|private key|login details|2fa code|verification code|one-time code)\b/iu,
    ],
  },
];

/** Each rule that matches the text, once, with its first match. */
export function findProhibitedContent(
  text: string,
  rules: readonly ProhibitedContentRule[],
): ProhibitedContentFinding[] {
  const findings: ProhibitedContentFinding[] = [];
  for (const rule of rules) {
    const { anyPhrase, matchers } = matchersOf(rule);
    // Most texts match no phrase of a rule: one pass of all its phrases together says so, where
    // a pass per phrase took a fifth of a create's policy check.
    const phrasesMayMatch = anyPhrase?.test(text) ?? false;
    for (const matcher of matchers) {
      if (matcher.phrase && !phrasesMayMatch) continue;
      const found = matcher.pattern.exec(text);
      if (found !== null) {
        findings.push({ rule, match: found[0] });
        break;
      }
    }
  }
  return findings;
}

type RuleMatchers = {
  /** All the rule's phrases in one alternation; null when it has none. */
  readonly anyPhrase: RegExp | null;
  /** One per phrase, then one per pattern, in the rule's order: the first to match is reported. */
  readonly matchers: readonly { readonly pattern: RegExp; readonly phrase: boolean }[];
};

// Compiled once per rule object: the policy runs on every post, the rules rarely change.
const compiled = new WeakMap<ProhibitedContentRule, RuleMatchers>();

const NOT_A_WORD_BEFORE = '(?<![\\p{L}\\p{N}_])';
const NOT_A_WORD_AFTER = '(?![\\p{L}\\p{N}_])';

function matchersOf(rule: ProhibitedContentRule): RuleMatchers {
  let matchers = compiled.get(rule);
  if (matchers === undefined) {
    const bodies = (rule.phrases ?? [])
      .map((phrase) => phrase.trim())
      .filter((words) => words !== '')
      .map((words) => words.split(/\s+/u).map(escapeRegExp).join('\\s+'));
    matchers = {
      anyPhrase:
        bodies.length === 0
          ? null
          : new RegExp(`${NOT_A_WORD_BEFORE}(?:${bodies.join('|')})${NOT_A_WORD_AFTER}`, 'iu'),
      matchers: [
        ...bodies.map((body) => ({
          pattern: new RegExp(`${NOT_A_WORD_BEFORE}${body}${NOT_A_WORD_AFTER}`, 'iu'),
          phrase: true,
        })),
        // Copies without `g`/`y`, so a shared RegExp's lastIndex never changes the outcome.
        ...(rule.patterns ?? []).map((pattern) => ({
          pattern: new RegExp(pattern.source, pattern.flags.replace(/[gy]/gu, '')),
          phrase: false,
        })),
      ],
    };
    compiled.set(rule, matchers);
  }
  return matchers;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&');
}
