import {
  addDays,
  calendarPosts,
  formatLocalDate,
  groupsOf,
  type LocalDate,
  mondayOf,
  monthRange,
  type Post,
  parseLocalDateTime,
  weekdayOf,
  weekRange,
} from '@svc/core';
import { type Html, html, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { consolePage } from '../console-page.js';
import { type ConsoleReply, htmlReply } from '../console-reply.js';
import type { TimeFormat } from '../time-format.js';
import { calendarGroupLine } from './post-group-row.js';

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

// Posts made together are one entry of the day: one post across platforms.
const dayEntries = (posts: readonly Post[], time: TimeFormat): Html[] =>
  groupsOf(posts).map((members) => calendarGroupLine(members, time));

// Phones get the month as an agenda: only the days with posts, each named once, one under the other.
function agenda(
  days: readonly { readonly day: LocalDate; readonly posts: readonly Post[] }[],
  time: TimeFormat,
): Html {
  const busy = days.filter((d) => d.posts.length > 0);
  if (busy.length === 0) return html`<ol class="agenda"><li class="muted">No post this month.</li></ol>`;
  return html`<ol class="agenda">${busy.map(
    ({ day, posts }) =>
      html`<li><h2>${dateLabel(day, { weekday: 'long', day: 'numeric', month: 'long' })}</h2><ul class="day-posts">${dayEntries(posts, time)}</ul></li>`,
  )}</ol>`;
}

// Days are the person's: a month or week runs from local midnight to local midnight in their zone.
async function show(c: SignedContext): Promise<ConsoleReply> {
  const now = c.deps.core.clock.now();
  const { year, month } = monthOf(c.url.searchParams.get('month'), c.time.local(now));
  const first: LocalDate = { year, month, day: 1 };
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  // The grid starts on the Monday on or before the 1st and ends on the Sunday on or after the last day.
  const start = mondayOf(first);
  const days = Math.ceil((weekdayOf(first) + length) / 7) * 7;
  const found = await unwrap(calendarPosts(c.deps.core, c.actor, monthRange(c.time.zone, year, month)));
  const byDay = new Map<string, Post[]>();
  for (const post of found.posts) {
    const key = post.scheduledTime === null ? '' : c.time.day(post.scheduledTime);
    byDay.set(key, [...(byDay.get(key) ?? []), post]);
  }
  const today = c.time.day(now);
  const weeks: Html[] = [];
  const inMonth: { day: LocalDate; posts: Post[] }[] = [];
  for (let w = 0; w < days / 7; w++) {
    const cells = WEEKDAYS.map((weekday, d) => {
      const day = addDays(start, w * 7 + d);
      const key = formatLocalDate(day);
      const posts = byDay.get(key) ?? [];
      if (day.month === month) inMonth.push({ day, posts });
      return html`<td${day.month === month ? '' : html` class="muted"`}${key === today ? html` aria-current="date"` : ''}>
<span class="day"><span class="visually-hidden">${weekday} </span>${day.day}</span>${posts.length === 0 ? '' : html`<ul class="day-posts">${dayEntries(posts, c.time)}</ul>`}</td>`;
    });
    weeks.push(html`<tr>${cells}</tr>`);
  }
  const title = dateLabel(first, { month: 'long', year: 'numeric' });
  const body = html`<nav class="actions" aria-label="Months">
<a href="/app/calendar?month=${monthParam(year, month - 1)}">Previous month</a>
<a href="/app/calendar">This month</a>
<a href="/app/calendar?month=${monthParam(year, month + 1)}">Next month</a>
<a href="/app/calendar/week?week=${formatLocalDate(first)}">Week view</a></nav>
<p class="muted">${groupsOf(found.posts).length} post(s) in ${title}, times in ${c.time.zone}.${found.truncated ? ' Only the first posts of this busy month are shown; the Posts page lists them all.' : ''} Move a scheduled post from its page.</p>
<div class="table calendar"><table><caption class="visually-hidden">${title}</caption>
<thead><tr>${WEEKDAYS.map((d) => html`<th scope="col"><abbr title="${d}">${d.slice(0, 3)}</abbr></th>`)}</tr></thead>
<tbody>${weeks}</tbody></table></div>
${agenda(inMonth, c.time)}`;
  return htmlReply(
    200,
    consolePage(c.session, { title: `Calendar: ${title}`, section: '/app/calendar', body }),
  );
}

// The Monday of the week asked for (`?week=2026-11-23`, any day of it), else of the person's this week.
function weekStart(asked: string | null, today: LocalDate): LocalDate {
  const parsed = parseLocalDateTime(`${asked ?? ''}T00:00`);
  return mondayOf(parsed ?? today);
}

async function week(c: SignedContext): Promise<ConsoleReply> {
  const now = c.deps.core.clock.now();
  const start = weekStart(c.url.searchParams.get('week'), c.time.local(now));
  const found = await unwrap(calendarPosts(c.deps.core, c.actor, weekRange(c.time.zone, start)));
  const days = WEEKDAYS.map((weekday, d) => {
    const day = addDays(start, d);
    const posts = found.posts.filter(
      (p) => p.scheduledTime !== null && c.time.day(p.scheduledTime) === formatLocalDate(day),
    );
    return html`<section class="card" aria-labelledby="day-${d}"><h2 id="day-${d}">${weekday} ${day.day} ${dateLabel(day, { month: 'long' })}</h2>
${posts.length === 0 ? html`<p class="muted">Nothing.</p>` : html`<ul class="day-posts">${dayEntries(posts, c.time)}</ul>`}</section>`;
  });
  const title = `week of ${dateLabel(start, { day: 'numeric', month: 'long', year: 'numeric' })}`;
  const body = html`<nav class="actions" aria-label="Weeks">
<a href="/app/calendar/week?week=${formatLocalDate(addDays(start, -7))}">Previous week</a>
<a href="/app/calendar/week">This week</a>
<a href="/app/calendar/week?week=${formatLocalDate(addDays(start, 7))}">Next week</a>
<a href="/app/calendar?month=${formatLocalDate(start).slice(0, 7)}">Month</a></nav>
<p class="muted">${groupsOf(found.posts).length} post(s), times in ${c.time.zone}.</p>
${days}`;
  return htmlReply(
    200,
    consolePage(c.session, { title: `Calendar: ${title}`, section: '/app/calendar', body }),
  );
}

/** The month and week calendars of posts. */
export const calendarRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/calendar', access: 'signed', run: show },
  { method: 'GET', path: '/app/calendar/week', access: 'signed', run: week },
];
