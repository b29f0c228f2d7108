import { describe, expect, it } from 'vitest';
import { mergePolicyConfig } from './platform-limits.js';
import { found } from './policy-test-support.js';
import type { PolicyResult } from './policy-types.js';
import { validatePostPolicy } from './validate-post-policy.js';

function scan(caption: string, title: string | null = null, config = mergePolicyConfig({})): PolicyResult {
  return validatePostPolicy({ caption, title, platforms: ['threads'] }, config);
}

describe('personal data warnings', () => {
  it.each([
    ['Write to jane.doe@example.com', 'an e-mail address (j…@e….com)', 'jane.doe'],
    ['Call +44 20 7946 0958', 'a phone number (ending in 58)', '7946'],
    ['Card 4111 1111 1111 1111', 'payment card number (ending in 1111)', '4111 1111'],
    ['Pay to DE89 3704 0044 0532 0130 00', 'an IBAN (DE…3000)', '3704'],
  ])('masks what it finds in %j', (caption, shown, hidden) => {
    const result = scan(caption);
    expect(result.ok).toBe(true);
    expect(found(result)).toEqual([
      { code: 'personal_data', severity: 'warning', platform: null, field: 'caption' },
    ]);
    const message = result.warnings[0]?.message ?? '';
    expect(message).toContain(shown);
    expect(message).not.toContain(hidden);
    expect(message).toMatch(/remove it/i);
  });

  it('groups findings of one kind and checks the title too', () => {
    const result = scan('Call 555-123-4567 or 555-765-4321', 'Mail me: a@b.com');
    expect(found(result)).toEqual([
      { code: 'personal_data', severity: 'warning', platform: null, field: 'caption' },
      { code: 'personal_data', severity: 'warning', platform: null, field: 'title' },
    ]);
    expect(result.warnings[0]?.message).toContain('2 phone numbers (ending in 67, ending in 21)');
  });

  it('does not flag years, prices, dates or short order numbers', () => {
    expect(
      scan('Since 1998! Now $1,299.99, order #123456789, sale 2024-11-29, call ext. 1234.').warnings,
    ).toEqual([]);
  });
});

describe('prohibited content warnings', () => {
  it.each([
    ['Follow for follow, everyone!', 'fake engagement'],
    ['Buy followers cheap', 'fake engagement'],
    ['Guaranteed returns every month', 'financial scam'],
    ['This miracle cure works', 'misleading health claim'],
    ['Replica bags for sale', 'counterfeit goods'],
    ['DM me your password to claim the prize', 'credential phishing'],
  ])('flags %j as %s', (caption, category) => {
    const result = scan(caption);
    expect(result.ok).toBe(true);
    expect(found(result)).toEqual([
      { code: 'prohibited_content', severity: 'warning', platform: null, field: 'caption' },
    ]);
    const message = result.warnings[0]?.message ?? '';
    expect(message).toContain(category);
    expect(message).toContain('Platforms may remove the post or show it to fewer people');
  });

  it('matches whole words only and leaves ordinary posts alone', () => {
    expect(scan('Our follower count doubled; the replica of the ship is finished.').warnings).toEqual([]);
    expect(scan('Never share your password with anyone.').warnings).toEqual([]);
  });

  it('uses the list from the configuration', () => {
    const config = mergePolicyConfig({
      prohibitedContent: [
        { category: 'giveaway', advice: 'Follow the promotion rules.', phrases: ['tag 3 friends'] },
      ],
    });
    const result = scan('Tag 3 friends to win! Follow for follow', null, config);
    expect(result.warnings.map((w) => w.message)).toEqual([
      'The caption contains "Tag 3 friends" (giveaway). Platforms may remove the post or show it to fewer people. Follow the promotion rules.',
    ]);
  });
});
