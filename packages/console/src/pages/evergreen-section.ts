// A post's evergreen section: its rule in words, the copies made and when the next is due (core's
// `evergreenStanding`), the form that changes or stops the rule; on a copy, the original it repeats.

import {
  captionPreview,
  type EvergreenNext,
  type EvergreenStanding,
  type Post,
  publicStatus,
  type RecycleSkipReason,
} from '@svc/core';
import { type Html, html } from '@svc/web';
import type { SignedContext } from '../console-context.js';
import { csrfField } from '../console-page.js';
import type { TimeFormat } from '../time-format.js';
import {
  type EvergreenErrors,
  type EvergreenFields,
  evergreenFieldset,
  evergreenFieldsOf,
  ruleInWords,
} from './evergreen-fields.js';
import { statusBadge } from './format.js';

/** The rule form as typed, with its refusal, shown again after a save that did not go through. */
export type EvergreenTyped = { readonly fields: EvergreenFields; readonly errors: EvergreenErrors };

// Only drafts, scheduled and posted posts take a rule, and never a copy (core's editPost decides;
// the form is not offered where it would only be refused).
const RULE_STATUSES: readonly Post['status'][] = ['draft', 'scheduled', 'posted'];

/** Why a period passed without a copy (`post.recycle_skipped`'s `reason`), as a person reads it. */
export const SKIP_REASONS: Readonly<Record<RecycleSkipReason, string>> = {
  no_posting_slots: 'the account has no posting slots',
  no_free_slot: 'no posting slot was free in the year ahead',
  account_unavailable: 'the account is disconnected or inactive',
  quota_exceeded: "the month's posting quota is used up",
  no_figures: "too few analytics figures to compare with the account's median",
  not_above_median: "it did not do better than the account's median",
};

const times = (n: number) => (n === 1 ? '1 time' : `${n} times`);

function nextInWords(next: EvergreenNext, everyDays: number, time: TimeFormat): Html | string {
  switch (next.kind) {
    case 'after_publication':
      return `The first copy joins the queue ${everyDays === 1 ? 'a day' : `${everyDays} days`} after it is published.`;
    case 'due':
      return `Copy ${next.copyNumber} is due now: the next recycling round (every 15 minutes) puts it in the queue.`;
    case 'due_at':
      return html`Copy ${next.copyNumber} is due ${time.when(next.at)}.`;
    case 'copy_pending':
      return 'The next period counts from when the latest copy goes out.';
    case 'finished':
      return 'No more copies: all of them were made.';
  }
}

function copyLine(copy: Post, time: TimeFormat): Html {
  const when = copy.publishedAt ?? copy.scheduledTime;
  // A deleted copy has no page of its own (it is restored from Deleted), but it was made: it counts.
  const name =
    copy.deletedAt === null
      ? html`<a href="/app/posts/${copy.id}">Copy ${copy.recycleNumber ?? ''}</a>`
      : html`Copy ${copy.recycleNumber ?? ''} <span class="muted">deleted</span>`;
  return html`<li>${name} ${statusBadge(publicStatus(copy.status))} <span class="muted">${copy.publishedAt === null ? 'queued for' : 'published'} ${time.when(when)}</span></li>`;
}

/** Of a recycled copy: the original, which copy this is, and its slot in the queue. */
function copySection(post: Post, standing: EvergreenStanding, time: TimeFormat): Html {
  const original = standing.original;
  const max = original?.evergreen?.maxTimes;
  const number = `copy ${post.recycleNumber ?? ''}${max === undefined ? '' : ` of ${max}`}`;
  const from =
    original === null
      ? html`Recycled from a post that was deleted, ${number}.`
      : html`Recycled from <a href="/app/posts/${original.id}">${captionPreview(original.caption) || 'the original post'}</a>, ${number}.`;
  return html`<section class="card evergreen" aria-labelledby="evergreen-heading"><h2 id="evergreen-heading">Evergreen copy</h2>
<p>${from}</p>
${post.status === 'scheduled' ? html`<p>In the queue for ${time.when(post.scheduledTime)}.</p>` : ''}
<p class="hint">The original's rule makes the copies: change or stop it on the original's page.</p></section>`;
}

/** The section, or nothing for a post with no rule that cannot take one. */
export function evergreenSection(
  c: SignedContext,
  post: Post,
  standing: EvergreenStanding,
  typed: EvergreenTyped | null,
): Html | '' {
  if (post.recycledFrom !== null) return copySection(post, standing, c.time);
  const rule = standing.rule;
  const editable = RULE_STATUSES.includes(post.status);
  if (rule === null && !editable) return '';
  const fields = typed?.fields ?? evergreenFieldsOf(rule);
  const form = editable
    ? html`<form method="post" action="/app/posts/${post.id}/evergreen">${csrfField(c.session)}
${evergreenFieldset(fields, typed?.errors ?? {}, { idPrefix: 'rule', withSwitch: false, legend: rule === null ? 'The rule' : 'Change the rule' })}
<div class="actions"><button type="submit" name="action" value="save">${rule === null ? 'Make it evergreen' : 'Save the rule'}</button>${
        rule === null
          ? ''
          : html`<button type="submit" name="action" value="stop" class="secondary" formnovalidate>Stop recycling</button>`
      }</div></form>`
    : '';
  if (rule === null) {
    // Closed unless a refused save is shown again: most posts are not evergreen.
    return html`<section class="card evergreen" aria-labelledby="evergreen-heading"><h2 id="evergreen-heading">Evergreen</h2>
<details${typed === null ? '' : html` open`}><summary>Post it again later</summary>${form}</details></section>`;
  }
  const made = standing.copies.length;
  return html`<section class="card evergreen" aria-labelledby="evergreen-heading"><h2 id="evergreen-heading">Evergreen</h2>
<p>${ruleInWords(rule)}</p>
<p>${made === 0 ? 'Not recycled yet.' : `Recycled ${times(made)} so far.`} ${standing.next === null ? '' : nextInWords(standing.next, rule.everyDays, c.time)}</p>
${made === 0 ? '' : html`<ol class="copies">${standing.copies.map((copy) => copyLine(copy, c.time))}</ol>`}
${form}</section>`;
}
