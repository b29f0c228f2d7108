import {
  addDays,
  calendarFreeSlots,
  calendarPosts,
  type FreeSlot,
  formatLocalDate,
  groupsOf,
  type LocalDate,
  mondayOf,
  monthRange,
  PLATFORM_NAMES,
  type Post,
  parseLocalDateTime,
  weekdayOf,
  weekRange,
} from '@svc/core';
import { type Html, html, unwrap } from '@svc/web';
import { CALENDAR_MOVE_JS_PATH } from '../calendar-move-script.js';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField, pageReply } from '../console-page.js';
import type { ConsoleReply } from '../console-reply.js';
import {
  type CalendarEntryFrame,
  calendarEntry,
  type EntryPlace,
  firstAssetId,
  type TypedMove,
} from './calendar-entry.js';
import { ownSlides } from './post-slides.js';
import { weekReviewLinkOffer } from './review-links-page.js';

/** How a calendar shows again after a refused move: why, and the Move form as it was typed. */
export type CalendarOutcome = {
  readonly status: number;
  readonly alert: string;
  readonly problems: readonly string[];
  readonly typed: TypedMove;
};

/** Confirmations the calendar shows after a move (`?done=`). */
const CALENDAR_NOTICES: Readonly<Record<string, string>> = {
  moved: 'Moved: the post goes out at its new time.',
  partly:
    'Moved on every platform that could take it; the platforms already published, being published, failed or in review kept their time.',
};

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

// A calendar date named in words; the date alone is carried at UTC midnight, so no zone shifts it.
const dateLabel = (date: LocalDate, options: Intl.DateTimeFormatOptions) =>
  new Date(Date.UTC(date.year, date.month - 1, date.day)).toLocaleString('en-GB', {
    ...options,
    timeZone: 'UTC',
  });

// The month asked for (`?month=2026-11`), else the person's current one (month 1–12).
function monthOf(asked: string | null, today: LocalDate): { year: number; month: number } {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(asked ?? '');
  return match === null
    ? { year: today.year, month: today.month }
    : { year: Number(match[1]), month: Number(match[2]) };
}

const monthParam = (year: number, month: number) => {
  const d = new Date(Date.UTC(year, month - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** The empty posting slots of the range (core's `calendarFreeSlots`), by the person's local day. */
async function freeSlotsByDay(
  c: SignedContext,
  range: { from: Date; to: Date },
  posts: readonly Post[],
): Promise<Map<string, FreeSlot[]>> {
  const byDay = new Map<string, FreeSlot[]>();
  for (const slot of await unwrap(calendarFreeSlots(c.deps.core, c.actor, range, posts))) {
    const key = c.time.day(slot.time);
    byDay.set(key, [...(byDay.get(key) ?? []), slot]);
  }
  return byDay;
}

// Quiet, labelled entries: "09:30 free slot · Threads @shop", linking to the account's queue.
function freeSlotList(slots: readonly FreeSlot[] | undefined, c: SignedContext): Html | string {
  if (slots === undefined || slots.length === 0) return '';
  return html`<ul class="free-slots">${slots.map((slot) => {
    const local = c.time.local(slot.time);
    const hhmm = `${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`;
    // The slot's local day and time and its account, for the script: a drop of that account's
    // post lands on this very time.
    return html`<li class="free-slot" data-slot-day="${c.time.day(slot.time)}" data-slot-time="${hhmm}" data-account="${slot.account.id}"><a href="/app/connections/${slot.account.id}/queue"><time datetime="${slot.time.toISOString()}">${hhmm}</time> free slot · ${PLATFORM_NAMES[slot.account.platform]} @${slot.account.handle}</a></li>`;
  })}</ul>`;
}

// Posts made together are one entry of the day: one post across platforms.
const dayEntries = (posts: readonly Post[], frame: CalendarEntryFrame, place: EntryPlace): Html[] =>
  groupsOf(posts).map((members) => calendarEntry(members, frame, place));

/** What every entry of the page shares, with slide 1's asset of every post read at once. */
async function entryFrame(
  c: SignedContext,
  posts: readonly Post[],
  view: string,
  outcome: CalendarOutcome | null,
): Promise<CalendarEntryFrame> {
  const ids = [...new Set(posts.flatMap((p) => firstAssetId(p) ?? []))];
  const thumbs = new Map((await ownSlides(c, ids)).map((a) => [a.id, a]));
  return { time: c.time, csrf: csrfField(c.session), view, thumbs, typed: outcome?.typed ?? null };
}

/** The calendar page around its body: the move script, the notice of a move, or its refusal. */
function calendarPage(
  c: SignedContext,
  title: string,
  body: Html,
  outcome: CalendarOutcome | null,
): ConsoleReply {
  const problems =
    outcome === null || outcome.problems.length === 0
      ? ''
      : html`<ul role="alert">${outcome.problems.map((p) => html`<li>${p}</li>`)}</ul>`;
  return pageReply(c, outcome?.status ?? 200, {
    title,
    section: '/app/calendar',
    body: html`${problems}${body}`,
    notice: outcome === null ? (CALENDAR_NOTICES[c.url.searchParams.get('done') ?? ''] ?? null) : null,
    alert: outcome?.alert ?? null,
    scripts: [CALENDAR_MOVE_JS_PATH],
  });
}

// Phones get the month as an agenda: only the days with posts, each named once, one under the other.
function agenda(
  days: readonly { readonly day: LocalDate; readonly posts: readonly Post[] }[],
  frame: CalendarEntryFrame,
): Html {
  const busy = days.filter((d) => d.posts.length > 0);
  if (busy.length === 0) return html`<ol class="agenda"><li class="muted">No post this month.</li></ol>`;
  return html`<ol class="agenda">${busy.map(
    ({ day, posts }) =>
      html`<li><h2>${dateLabel(day, { weekday: 'long', day: 'numeric', month: 'long' })}</h2><ul class="day-posts">${dayEntries(posts, frame, 'agenda')}</ul></li>`,
  )}</ol>`;
}

// Days are the person's: a month or week runs from local midnight to local midnight in their zone.
/** The month asked for (`2026-11`, else the person's current one), with a refused move's outcome. */
export async function monthView(
  c: SignedContext,
  asked: string | null,
  outcome: CalendarOutcome | null,
): Promise<ConsoleReply> {
  const now = c.deps.core.clock.now();
  const { year, month } = monthOf(asked, c.time.local(now));
  const first: LocalDate = { year, month, day: 1 };
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  // The grid starts on the Monday on or before the 1st and ends on the Sunday on or after the last day.
  const start = mondayOf(first);
  const days = Math.ceil((weekdayOf(first) + length) / 7) * 7;
  const range = monthRange(c.time.zone, year, month);
  const found = await unwrap(calendarPosts(c.deps.core, c.actor, range));
  const free = await freeSlotsByDay(c, range, found.posts);
  const byDay = new Map<string, Post[]>();
  for (const post of found.posts) {
    const key = post.scheduledTime === null ? '' : c.time.day(post.scheduledTime);
    byDay.set(key, [...(byDay.get(key) ?? []), post]);
  }
  const frame = await entryFrame(c, found.posts, `month:${monthParam(year, month)}`, outcome);
  const today = c.time.day(now);
  const weeks: Html[] = [];
  const inMonth: { day: LocalDate; posts: Post[] }[] = [];
  for (let w = 0; w < days / 7; w++) {
    const cells = WEEKDAYS.map((weekday, d) => {
      const day = addDays(start, w * 7 + d);
      const key = formatLocalDate(day);
      const posts = byDay.get(key) ?? [];
      if (day.month === month) inMonth.push({ day, posts });
      return html`<td data-day="${key}"${day.month === month ? '' : html` class="muted"`}${key === today ? html` aria-current="date"` : ''}>
<span class="day"><span class="visually-hidden">${weekday} </span>${day.day}</span>${posts.length === 0 ? '' : html`<ul class="day-posts">${dayEntries(posts, frame, 'grid')}</ul>`}${day.month === month ? freeSlotList(free.get(key), c) : ''}</td>`;
    });
    weeks.push(html`<tr>${cells}</tr>`);
  }
  const title = dateLabel(first, { month: 'long', year: 'numeric' });
  const body = html`<nav class="actions" aria-label="Months">
<a href="/app/calendar?month=${monthParam(year, month - 1)}">Previous month</a>
<a href="/app/calendar">This month</a>
<a href="/app/calendar?month=${monthParam(year, month + 1)}">Next month</a>
<a href="/app/calendar/week?week=${formatLocalDate(first)}">Week view</a></nav>
<p class="muted">${groupsOf(found.posts).length} post(s) in ${title}, times in ${c.time.zone}.${found.truncated ? ' Only the first posts of this busy month are shown; the Posts page lists them all.' : ''} Drag a scheduled post or draft to another day (it keeps its time of day) or onto a free slot of its account (it takes the slot’s time), or use its “Move to…”.</p>
<div class="table calendar"><table><caption class="visually-hidden">${title}</caption>
<thead><tr>${WEEKDAYS.map((d) => html`<th scope="col"><abbr title="${d}">${d.slice(0, 3)}</abbr></th>`)}</tr></thead>
<tbody>${weeks}</tbody></table></div>
${agenda(inMonth, frame)}`;
  return calendarPage(c, `Calendar: ${title}`, body, outcome);
}

// The Monday of the week asked for (`?week=2026-11-23`, any day of it), else of the person's this week.
function weekStart(asked: string | null, today: LocalDate): LocalDate {
  const parsed = parseLocalDateTime(`${asked ?? ''}T00:00`);
  return mondayOf(parsed ?? today);
}

/** The week asked for (any day of it, `2026-11-23`, else the person's this week), with a refused move's outcome. */
export async function weekView(
  c: SignedContext,
  asked: string | null,
  outcome: CalendarOutcome | null,
): Promise<ConsoleReply> {
  const now = c.deps.core.clock.now();
  const start = weekStart(asked, c.time.local(now));
  const range = weekRange(c.time.zone, start);
  const found = await unwrap(calendarPosts(c.deps.core, c.actor, range));
  const free = await freeSlotsByDay(c, range, found.posts);
  const frame = await entryFrame(c, found.posts, `week:${formatLocalDate(start)}`, outcome);
  const days = WEEKDAYS.map((weekday, d) => {
    const day = addDays(start, d);
    const posts = found.posts.filter(
      (p) => p.scheduledTime !== null && c.time.day(p.scheduledTime) === formatLocalDate(day),
    );
    const freeOfDay = free.get(formatLocalDate(day));
    return html`<section class="card week-day" data-day="${formatLocalDate(day)}" aria-labelledby="day-${d}"><h2 id="day-${d}">${weekday} ${day.day} ${dateLabel(day, { month: 'long' })}</h2>
${posts.length > 0 ? html`<ul class="day-posts">${dayEntries(posts, frame, 'week')}</ul>` : freeOfDay === undefined ? html`<p class="muted">Nothing.</p>` : ''}${freeSlotList(freeOfDay, c)}</section>`;
  });
  const title = `week of ${dateLabel(start, { day: 'numeric', month: 'long', year: 'numeric' })}`;
  const body = html`<nav class="actions" aria-label="Weeks">
<a href="/app/calendar/week?week=${formatLocalDate(addDays(start, -7))}">Previous week</a>
<a href="/app/calendar/week">This week</a>
<a href="/app/calendar/week?week=${formatLocalDate(addDays(start, 7))}">Next week</a>
<a href="/app/calendar?month=${formatLocalDate(start).slice(0, 7)}">Month</a>
<a href="/app/review-links">Review links</a>
${weekReviewLinkOffer(c, range, `Week of ${formatLocalDate(start)}`)}</nav>
<p class="muted">${groupsOf(found.posts).length} post(s), times in ${c.time.zone}. Drag a scheduled post or draft to another day (it keeps its time of day) or onto a free slot of its account (it takes the slot’s time), or use its “Move to…”.</p>
<div class="week">${days}</div>`;
  return calendarPage(c, `Calendar: ${title}`, body, outcome);
}

/** The month and week calendars of posts. */
export const calendarRoutes: readonly ConsoleRoute[] = [
  {
    method: 'GET',
    path: '/app/calendar',
    access: 'signed',
    run: (c) => monthView(c, c.url.searchParams.get('month'), null),
  },
  {
    method: 'GET',
    path: '/app/calendar/week',
    access: 'signed',
    run: (c) => weekView(c, c.url.searchParams.get('week'), null),
  },
];
