import { calendarPosts, captionPreview, PLATFORM_NAMES, type Post, publicStatus } from '@svc/core';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { consolePage } from '../console-page.js';
import { type ConsoleReply, htmlReply } from '../console-reply.js';
import { type Html, html } from '../html.js';
import { statusBadge } from './format.js';
import { orThrow } from './or-throw.js';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const DAY_MS = 86_400_000;

// The month asked for (`?month=2026-11`), else the current one; months are in UTC for now.
function monthOf(asked: string | null, now: Date): { year: number; month: number } {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(asked ?? '');
  return match === null
    ? { year: now.getUTCFullYear(), month: now.getUTCMonth() }
    : { year: Number(match[1]), month: Number(match[2]) - 1 };
}

const monthParam = (year: number, month: number) => {
  const d = new Date(Date.UTC(year, month, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

function postLine(post: Post): Html {
  const time = post.scheduledTime?.toISOString().slice(11, 16) ?? '';
  return html`<li><a href="/app/posts/${post.id}"><time datetime="${post.scheduledTime?.toISOString() ?? ''}">${time}</time> ${post.name ?? (captionPreview(post.caption).slice(0, 40) || '(no caption)')}</a>
<div>${post.platforms.map((p) => PLATFORM_NAMES[p]).join(', ')} ${statusBadge(publicStatus(post.status))}</div></li>`;
}

async function show(c: SignedContext): Promise<ConsoleReply> {
  const { year, month } = monthOf(c.url.searchParams.get('month'), c.deps.core.clock.now());
  const first = new Date(Date.UTC(year, month, 1));
  const next = new Date(Date.UTC(year, month + 1, 1));
  // The grid starts on the Monday on or before the 1st and ends on the Sunday on or after the last day.
  const start = new Date(first.getTime() - ((first.getUTCDay() + 6) % 7) * DAY_MS);
  const days = Math.ceil((next.getTime() - start.getTime()) / DAY_MS / 7) * 7;
  const found = await orThrow(calendarPosts(c.deps.core, c.actor, { from: first, to: next }));
  const byDay = new Map<string, Post[]>();
  for (const post of found.posts) {
    const key = post.scheduledTime?.toISOString().slice(0, 10) ?? '';
    byDay.set(key, [...(byDay.get(key) ?? []), post]);
  }
  const today = c.deps.core.clock.now().toISOString().slice(0, 10);
  const weeks: Html[] = [];
  for (let w = 0; w < days / 7; w++) {
    const cells = WEEKDAYS.map((weekday, d) => {
      const day = new Date(start.getTime() + (w * 7 + d) * DAY_MS);
      const key = day.toISOString().slice(0, 10);
      const inMonth = day.getUTCMonth() === month;
      const posts = byDay.get(key) ?? [];
      return html`<td data-label="${weekday} ${day.getUTCDate()}"${inMonth ? '' : html` class="muted"`}${key === today ? html` aria-current="date"` : ''}>
<span class="day" aria-hidden="true">${day.getUTCDate()}</span>${posts.length === 0 ? '' : html`<ul class="day-posts">${posts.map(postLine)}</ul>`}</td>`;
    });
    weeks.push(html`<tr>${cells}</tr>`);
  }
  const title = first.toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const body = html`<nav class="actions" aria-label="Months">
<a href="/app/calendar?month=${monthParam(year, month - 1)}">Previous month</a>
<a href="/app/calendar">This month</a>
<a href="/app/calendar?month=${monthParam(year, month + 1)}">Next month</a>
<a href="/app/calendar/week?week=${first.toISOString().slice(0, 10)}">Week view</a></nav>
<p class="muted">${found.posts.length} post(s) in ${title}, times in UTC.${found.truncated ? ' Only the first posts of this busy month are shown; the Posts page lists them all.' : ''} Move a scheduled post from its page.</p>
<div class="table stack calendar"><table><caption class="skip">${title}</caption>
<thead><tr>${WEEKDAYS.map((d) => html`<th scope="col">${d.slice(0, 3)}</th>`)}</tr></thead>
<tbody>${weeks}</tbody></table></div>`;
  return htmlReply(
    200,
    consolePage(c.session, { title: `Calendar: ${title}`, section: '/app/calendar', body }),
  );
}

// The Monday of the week asked for (`?week=2026-11-23`, any day of it), else of this week.
function weekStart(asked: string | null, now: Date): Date {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(asked ?? '') ? new Date(`${asked}T00:00:00.000Z`) : null;
  const day = parsed !== null && !Number.isNaN(parsed.getTime()) ? parsed : now;
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  return new Date(midnight - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

const dayParam = (date: Date) => date.toISOString().slice(0, 10);

async function week(c: SignedContext): Promise<ConsoleReply> {
  const start = weekStart(c.url.searchParams.get('week'), c.deps.core.clock.now());
  const end = new Date(start.getTime() + 7 * DAY_MS);
  const found = await orThrow(calendarPosts(c.deps.core, c.actor, { from: start, to: end }));
  const days = WEEKDAYS.map((weekday, d) => {
    const day = new Date(start.getTime() + d * DAY_MS);
    const posts = found.posts.filter(
      (p) => p.scheduledTime !== null && dayParam(p.scheduledTime) === dayParam(day),
    );
    return html`<section class="card" aria-labelledby="day-${d}"><h2 id="day-${d}">${weekday} ${day.getUTCDate()} ${day.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })}</h2>
${posts.length === 0 ? html`<p class="muted">Nothing.</p>` : html`<ul class="day-posts">${posts.map(postLine)}</ul>`}</section>`;
  });
  const title = `week of ${start.toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`;
  const body = html`<nav class="actions" aria-label="Weeks">
<a href="/app/calendar/week?week=${dayParam(new Date(start.getTime() - 7 * DAY_MS))}">Previous week</a>
<a href="/app/calendar/week">This week</a>
<a href="/app/calendar/week?week=${dayParam(end)}">Next week</a>
<a href="/app/calendar?month=${dayParam(start).slice(0, 7)}">Month</a></nav>
<p class="muted">${found.posts.length} post(s), times in UTC.</p>
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
