import { describe, expect, it } from 'vitest';
import { DEFAULT_PROHIBITED_CONTENT, findProhibitedContent } from './prohibited-content.js';

describe('findProhibitedContent', () => {
  it('matches phrases case-insensitively on word boundaries, across any whitespace', () => {
    const found = findProhibitedContent('FOLLOW  for\nFollow and #f4f', DEFAULT_PROHIBITED_CONTENT);
    expect(found.map((f) => [f.rule.category, f.match])).toEqual([
      ['fake engagement', 'FOLLOW  for\nFollow'],
    ]);
    expect(findProhibitedContent('af4fb and l4lx', DEFAULT_PROHIBITED_CONTENT)).toEqual([]);
  });

  it('has a rule for each default category', () => {
    const text =
      'Buy followers! Guaranteed returns. A miracle cure. Replica watches. Send me your seed phrase.';
    expect(findProhibitedContent(text, DEFAULT_PROHIBITED_CONTENT).map((f) => f.rule.category)).toEqual([
      'fake engagement',
      'financial scam',
      'misleading health claim',
      'counterfeit goods',
      'credential phishing',
    ]);
  });

  it('does not flag advice against sharing secrets', () => {
    expect(
      findProhibitedContent('Never share your seed phrase with anyone.', DEFAULT_PROHIBITED_CONTENT),
    ).toEqual([]);
  });

  it('uses patterns as given, ignoring the global flag', () => {
    const pattern = /giveaway/giu;
    const rules = [{ category: 'giveaway', advice: 'Follow the promotion rules.', patterns: [pattern] }];
    expect(findProhibitedContent('Giveaway!', rules)).toHaveLength(1);
    expect(findProhibitedContent('Giveaway!', rules)).toHaveLength(1);
    expect(pattern.lastIndex).toBe(0);
  });

  it('treats regular-expression characters in phrases literally', () => {
    const rules = [{ category: 'test', advice: 'x', phrases: ['1:1 (copy)', '  '] }];
    expect(findProhibitedContent('a 1:1 (copy) here', rules).map((f) => f.match)).toEqual(['1:1 (copy)']);
    expect(findProhibitedContent('a 1:1 copy here', rules)).toEqual([]);
  });
});
