import { describe, expect, it } from 'vitest';
import { type AutomationTemplate, readAutomationTemplate } from './automation-template.js';
import { matchComment } from './comment-match.js';

const template = (fields: Record<string, unknown>): AutomationTemplate => {
  const read = readAutomationTemplate({
    svcTemplate: 1,
    name: 'T',
    message: 'M',
    trigger: 'keyword',
    ...fields,
  });
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  return read.template;
};

describe('matchComment', () => {
  it('finds a keyword as a whole word, whatever its case and accents', () => {
    const prix = template({ keyword: 'prix' });
    expect(matchComment(prix, 'Quel est le PRIX ?')).toEqual({ kind: 'match', keyword: 'prix' });
    expect(matchComment(prix, 'Prìx!')).toEqual({ kind: 'match', keyword: 'prix' });
    expect(matchComment(prix, 'prixfixe menu')).toEqual({
      kind: 'skip',
      reason: 'no_keyword',
      keyword: null,
    });
    const cafe = template({ keyword: 'Café' });
    expect(matchComment(cafe, 'un cafe svp')).toMatchObject({ kind: 'match' });
    expect(matchComment(template({ keyword: 'price list' }), 'send the  Price   List please')).toMatchObject({
      kind: 'match',
    });
  });

  it('matches inside words with contains, and the whole comment with exact', () => {
    expect(matchComment(template({ keyword: 'link', match: 'contains' }), 'Links?')).toMatchObject({
      kind: 'match',
    });
    const exact = template({ keyword: 'YES', match: 'exact' });
    expect(matchComment(exact, '  yes ')).toMatchObject({ kind: 'match' });
    expect(matchComment(exact, 'yes please')).toMatchObject({ kind: 'skip', reason: 'no_keyword' });
  });

  it('skips comments with an excluded word first, and matches every comment otherwise when asked', () => {
    const every = template({ trigger: 'every_comment', excludeKeywords: ['spam'] });
    expect(matchComment(every, 'love it')).toEqual({ kind: 'match', keyword: null });
    expect(matchComment(every, 'SPAM here')).toEqual({ kind: 'skip', reason: 'excluded', keyword: 'spam' });
    expect(matchComment(every, 'spamalot')).toEqual({ kind: 'match', keyword: null });
  });

  it('treats keywords literally, not as patterns, in any script', () => {
    expect(matchComment(template({ keyword: 'c++' }), 'I love C++ a lot')).toMatchObject({ kind: 'match' });
    expect(matchComment(template({ keyword: 'a.b' }), 'axb')).toMatchObject({ kind: 'skip' });
    expect(matchComment(template({ keyword: 'цена' }), 'Какая ЦЕНА?')).toMatchObject({ kind: 'match' });
  });
});
