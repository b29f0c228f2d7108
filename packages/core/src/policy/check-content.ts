import type { NormalizedPost } from './normalize-policy-input.js';
import { findPersonalData, type PersonalDataKind } from './personal-data.js';
import type { PolicyConfig } from './platform-limits.js';
import { policyWarning } from './policy-issue.js';
import type { PolicyIssue } from './policy-types.js';
import { findProhibitedContent } from './prohibited-content.js';

const KIND_WORDS: Readonly<Record<PersonalDataKind, { one: string; many: string; advice: string }>> = {
  email: {
    one: 'an e-mail address',
    many: 'e-mail addresses',
    advice: 'Posts are public: remove it unless you mean to publish it.',
  },
  phone: {
    one: 'a phone number',
    many: 'phone numbers',
    advice: 'Posts are public: remove it unless you mean to publish it.',
  },
  payment_card: {
    one: 'what looks like a payment card number',
    many: 'what look like payment card numbers',
    advice: 'Remove it: never publish card numbers.',
  },
  iban: {
    one: 'an IBAN',
    many: 'IBANs',
    advice: 'Remove it unless you mean to publish your bank details.',
  },
};

/** Personal data and prohibited wording in the caption and the title (warnings, service-wide). */
export function checkContent(post: NormalizedPost, config: PolicyConfig): PolicyIssue[] {
  const issues: PolicyIssue[] = [];
  for (const [field, text] of [
    ['caption', post.caption],
    ['title', post.title],
  ] as const) {
    if (text.trim() === '') continue;
    issues.push(...personalDataIssues(field, text), ...prohibitedIssues(field, text, config));
  }
  return issues;
}

function personalDataIssues(field: 'caption' | 'title', text: string): PolicyIssue[] {
  const byKind = new Map<PersonalDataKind, string[]>();
  for (const finding of findPersonalData(text)) {
    byKind.set(finding.kind, [...(byKind.get(finding.kind) ?? []), finding.masked]);
  }
  return [...byKind].map(([kind, masked]) => {
    const words = KIND_WORDS[kind];
    const shown =
      masked.slice(0, 3).join(', ') + (masked.length > 3 ? `, and ${masked.length - 3} more` : '');
    const what = masked.length === 1 ? words.one : `${masked.length} ${words.many}`;
    return policyWarning(
      'personal_data',
      null,
      field,
      `The ${field} contains ${what} (${shown}). ${words.advice}`,
    );
  });
}

function prohibitedIssues(field: 'caption' | 'title', text: string, config: PolicyConfig): PolicyIssue[] {
  return findProhibitedContent(text, config.prohibitedContent).map(({ rule, match }) =>
    policyWarning(
      'prohibited_content',
      null,
      field,
      `The ${field} contains "${match}" (${rule.category}). Platforms may remove the post or show it to fewer people. ${rule.advice}`,
    ),
  );
}
