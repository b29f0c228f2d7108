// The evergreen rule's fields, as Compose and a post's page show them: the same names, limits and
// refusals in both, and the rule sent to core as REST's `evergreen` object is, for core to judge.

import { type EvergreenRule, MAX_EVERGREEN_DAYS, MAX_EVERGREEN_TIMES } from '@svc/core';
import { type Html, html } from '@svc/web';

/** The fields as typed (or as the post's rule fills them). */
export type EvergreenFields = {
  /** Compose's switch: the rule is sent only when it is on. */
  readonly on: boolean;
  readonly everyDays: string;
  readonly maxTimes: string;
  readonly onlyAboveMedian: boolean;
};

/** A refusal of the rule, field by field, to be said next to each. */
export type EvergreenErrors = {
  readonly everyDays?: string;
  readonly maxTimes?: string;
  readonly onlyAboveMedian?: string;
  /** The rule as a whole (a recycled copy takes none). */
  readonly rule?: string;
};

// What Compose offers before anything is typed: a monthly copy, three times. Off by default.
export const EVERGREEN_OFF: EvergreenFields = {
  on: false,
  everyDays: '30',
  maxTimes: '3',
  onlyAboveMedian: false,
};

/** The fields holding a post's rule (the defaults when it has none). */
export function evergreenFieldsOf(rule: EvergreenRule | null): EvergreenFields {
  if (rule === null) return EVERGREEN_OFF;
  return {
    on: true,
    everyDays: String(rule.everyDays),
    maxTimes: String(rule.maxTimes),
    onlyAboveMedian: rule.onlyAboveMedian,
  };
}

/** The fields as a form sent them. */
export function typedEvergreen(form: URLSearchParams): EvergreenFields {
  return {
    on: form.get('evergreen') === 'on',
    everyDays: (form.get('everyDays') ?? '').trim(),
    maxTimes: (form.get('maxTimes') ?? '').trim(),
    onlyAboveMedian: form.get('onlyAboveMedian') === 'on',
  };
}

// A number as typed goes as a number; anything else goes as sent, for core to refuse by its field.
const numberOf = (typed: string): unknown =>
  typed === '' ? undefined : Number.isFinite(Number(typed)) ? Number(typed) : typed;

/** The `evergreen` object core takes (REST's shape), unchecked: core's rule decides. */
export function evergreenRequest(fields: EvergreenFields): Record<string, unknown> {
  return {
    everyDays: numberOf(fields.everyDays),
    maxTimes: numberOf(fields.maxTimes),
    onlyAboveMedian: fields.onlyAboveMedian,
  };
}

/**
 * The refusal said next to the fields, when core refused the rule (`details.field` names it);
 * null for any other refusal, which the page lists as usual.
 */
export function evergreenErrorsOf(error: {
  readonly details?: Readonly<Record<string, unknown>>;
}): EvergreenErrors | null {
  const field = error.details?.field;
  if (typeof field !== 'string' || !(field === 'evergreen' || field.startsWith('evergreen.'))) return null;
  if (field === 'evergreen.everyDays')
    return { everyDays: `Give a whole number of days from 1 to ${MAX_EVERGREEN_DAYS}.` };
  if (field === 'evergreen.maxTimes')
    return { maxTimes: `Give a whole number of times from 1 to ${MAX_EVERGREEN_TIMES}.` };
  if (field === 'evergreen.onlyAboveMedian') return { onlyAboveMedian: 'Tick it or leave it empty.' };
  return { rule: "A recycled copy takes no rule of its own: its original's rule makes the copies." };
}

/** The rule in words: "Posted again every 7 days, at most 3 times, only while …". */
export function ruleInWords(rule: EvergreenRule): string {
  const days = rule.everyDays === 1 ? 'every day' : `every ${rule.everyDays} days`;
  const times = rule.maxTimes === 1 ? 'once' : `at most ${rule.maxTimes} times`;
  const median = rule.onlyAboveMedian ? ", only while it does better than the account's median" : '';
  return `Posted again ${days}, ${times}${median}.`;
}

function fieldError(id: string, message: string | undefined): Html | '' {
  return message === undefined ? '' : html`<p id="${id}" class="field-error">${message}</p>`;
}

// An input refused says so, and names the message that says why.
const invalid = (id: string, message: string | undefined): Html | '' =>
  message === undefined ? '' : html` aria-invalid="true" aria-describedby="${id}"`;

/**
 * The rule's fields: every so many days, at most so many times, only above the median. With
 * `withSwitch` (Compose) a checkbox turns the rule on; a post's own form saves it as given.
 * Works without script: a plain form post.
 */
export function evergreenFieldset(
  fields: EvergreenFields,
  errors: EvergreenErrors,
  options: { readonly idPrefix: string; readonly withSwitch: boolean; readonly legend: string },
): Html {
  const id = (name: string) => `${options.idPrefix}-${name}`;
  return html`<fieldset class="evergreen-rule" id="${id('fields')}"><legend>${options.legend}</legend>
<p class="hint">Once it has gone out, a copy of it (same caption and media, a post of its own) joins the account's queue at its next free slot.</p>
${fieldError(id('rule-error'), errors.rule)}
${
  options.withSwitch
    ? html`<label><input type="checkbox" name="evergreen" value="on"${fields.on ? html` checked` : ''}> Post it again later (evergreen)</label>`
    : ''
}
<div class="evergreen-number"><label for="${id('days')}">Post again every (days, 1 to ${MAX_EVERGREEN_DAYS})</label>
<input id="${id('days')}" name="everyDays" type="number" min="1" max="${MAX_EVERGREEN_DAYS}" step="1" inputmode="numeric" value="${fields.everyDays}"${invalid(id('days-error'), errors.everyDays)}>
${fieldError(id('days-error'), errors.everyDays)}</div>
<div class="evergreen-number"><label for="${id('times')}">At most (times, 1 to ${MAX_EVERGREEN_TIMES})</label>
<input id="${id('times')}" name="maxTimes" type="number" min="1" max="${MAX_EVERGREEN_TIMES}" step="1" inputmode="numeric" value="${fields.maxTimes}"${invalid(id('times-error'), errors.maxTimes)}>
${fieldError(id('times-error'), errors.maxTimes)}</div>
<label><input type="checkbox" name="onlyAboveMedian" value="on"${fields.onlyAboveMedian ? html` checked` : ''}${invalid(id('median-error'), errors.onlyAboveMedian)}> Only when it did better than the account's median</label>
${fieldError(id('median-error'), errors.onlyAboveMedian)}
</fieldset>`;
}
