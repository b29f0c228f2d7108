import {
  captionPreview,
  deletePost,
  getPost,
  getPostingSlots,
  listConnections,
  listQueue,
  PLATFORM_NAMES,
  type PostingSchedule,
  queueWithMove,
  reorderQueue,
  replacePostingSlots,
  shuffleQueue,
  WEEKDAYS,
} from '@svc/core';
import { emptyState, type Html, html, platformMark, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField, pageReply } from '../console-page.js';
import type { ConsoleReply } from '../console-reply.js';
import { pageRoutes } from '../page-routes.js';
import { actionReply, type RefusalFrame, refusalPage } from './refusal-page.js';
import { TIME_ZONES } from './time-zone-setting.js';

const DAY_NAMES: Readonly<Record<string, string>> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};
// Empty rows under the slot times already set, for new times.
const BLANK_ROWS = 2;

const NOTICES: Readonly<Record<string, string>> = {
  slots: 'The posting slots were saved; posts already queued keep their times.',
  reordered: 'The queue was reordered.',
  shuffled: 'The queue was shuffled.',
  deleted: 'The post was deleted.',
};

/** The slot times as rows of a grid: each time once, with the days it is set on. */
function slotRows(schedule: PostingSchedule): { time: string; days: Set<string> }[] {
  const rows = new Map<string, Set<string>>();
  for (const slot of schedule.slots) rows.set(slot.time, (rows.get(slot.time) ?? new Set()).add(slot.day));
  return [...rows.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([time, days]) => ({ time, days }));
}

function slotsForm(c: SignedContext, id: string, schedule: PostingSchedule): Html {
  const rows = [
    ...slotRows(schedule),
    ...Array.from({ length: BLANK_ROWS }, () => ({ time: '', days: new Set<string>() })),
  ];
  const zones = TIME_ZONES.includes(schedule.timeZone) ? TIME_ZONES : [schedule.timeZone, ...TIME_ZONES];
  return html`<section class="card" aria-labelledby="slots-heading"><h2 id="slots-heading">Posting slots</h2>
<p class="muted">Each row is a time of day; tick the days it posts on. Clear a time to remove its row.</p>
<form method="post" action="/app/connections/${id}/slots">${csrfField(c.session)}
<label for="slots-zone">Time zone</label>
<select id="slots-zone" name="timeZone">${zones.map(
    (zone) =>
      html`<option value="${zone}"${zone === schedule.timeZone ? html` selected` : ''}>${zone}</option>`,
  )}</select>
<input type="hidden" name="rows" value="${String(rows.length)}">
<div class="table"><table class="slots"><thead><tr><th scope="col">Time</th>${WEEKDAYS.map((d) => html`<th scope="col">${DAY_NAMES[d] ?? d}</th>`)}</tr></thead><tbody>${rows.map(
    (row, i) =>
      html`<tr><td><input type="time" name="time-${String(i)}" value="${row.time}" aria-label="Slot time ${String(i + 1)}"></td>${WEEKDAYS.map(
        (day) =>
          html`<td><input type="checkbox" name="days-${String(i)}" value="${day}"${row.days.has(day) ? html` checked` : ''} aria-label="${DAY_NAMES[day] ?? day} at time ${String(i + 1)}"></td>`,
      )}</tr>`,
  )}</tbody></table></div>
<div class="actions"><button type="submit">Save slots</button></div>
</form></section>`;
}

async function queueSection(c: SignedContext, id: string): Promise<Html> {
  const { items } = await unwrap(listQueue(c.deps.core, c.actor, id));
  if (items.length === 0) {
    return html`<section class="card" aria-labelledby="queue-heading"><h2 id="queue-heading">Queue</h2>${emptyState(
      'Nothing is queued: use “Add to queue” in Compose, or send queue: true to the API.',
      { href: '/app/compose', label: 'Compose a post' },
    )}</section>`;
  }
  const order = items.map((i) => i.postId).join(',');
  const captions = await Promise.all(
    items.map(async (i) => {
      const post = await getPost(c.deps.core, c.actor, i.postId);
      return post.isOk() ? captionPreview(post.value.caption) || i.postId : i.postId;
    }),
  );
  const moveForm = (label: string, move: string, disabled: boolean) =>
    html`<form class="inline" method="post" action="/app/connections/${id}/queue/reorder">${csrfField(c.session)}<input type="hidden" name="order" value="${order}"><button class="secondary small" type="submit" name="move" value="${move}"${disabled ? html` disabled` : ''}>${label}</button></form>`;
  const rows = items.map(
    (
      item,
      n,
    ) => html`<li class="queue-item"><span class="queue-time">${c.time.when(item.scheduledTime)}</span>
<a href="/app/posts/${item.postId}">${captions[n] ?? item.postId}</a>
<span class="queue-actions">${moveForm('Move up', `up:${item.postId}`, n === 0)}${moveForm('Move down', `down:${item.postId}`, n === items.length - 1)}
<form class="inline" method="post" action="/app/connections/${id}/queue/delete">${csrfField(c.session)}<input type="hidden" name="postId" value="${item.postId}"><label class="inline-check"><input type="checkbox" name="pullQueue" value="true" checked> pull later posts forward</label> <button class="danger small" type="submit">Delete</button></form></span></li>`,
  );
  return html`<section class="card" aria-labelledby="queue-heading"><h2 id="queue-heading">Queue</h2>
<p class="muted">Upcoming posts on this account's slots, soonest first. Moving or shuffling keeps the same slots.</p>
<ol class="queue">${rows}</ol>
<form method="post" action="/app/connections/${id}/queue/shuffle">${csrfField(c.session)}<div class="actions"><button class="secondary" type="submit">Shuffle the queue</button></div></form>
</section>`;
}

async function show(c: SignedContext): Promise<ConsoleReply> {
  const id = c.params.id ?? '';
  const account = (await unwrap(listConnections(c.deps.core, c.actor))).find((a) => a.id === id);
  if (account === undefined) {
    return refusalPage(c, {
      ...frameOf(c, 'Account not found', 404),
      message: 'That account is not one of yours.',
    });
  }
  const schedule = await unwrap(getPostingSlots(c.deps.core, c.actor, id));
  const body = html`<p>${platformMark(account.platform)} <strong>@${account.handle}</strong> · <a href="/app/connections">All connections</a></p>
${slotsForm(c, id, schedule)}
${await queueSection(c, id)}`;
  const notice = NOTICES[c.url.searchParams.get('done') ?? ''] ?? null;
  return pageReply(c, 200, {
    title: `Slots and queue · ${PLATFORM_NAMES[account.platform]} @${account.handle}`,
    section: '/app/connections',
    body,
    notice,
  });
}

const frameOf = (c: SignedContext, title: string, status = 409): RefusalFrame => ({
  status,
  title,
  section: '/app/connections',
  back: { href: `/app/connections/${c.params.id ?? ''}/queue`, label: 'Back to the queue' },
});
const doneAt = (c: SignedContext, what: string) => () =>
  `/app/connections/${c.params.id ?? ''}/queue?done=${what}`;

// The grid read back into core's input: every ticked day at its row's time; core checks it all.
async function saveSlots(c: SignedContext): Promise<ConsoleReply> {
  const rows = Math.min(Number(c.form.get('rows') ?? '0') || 0, 100);
  const slots = Array.from({ length: rows }, (_, i) => {
    const time = c.form.get(`time-${i}`) ?? '';
    return time === '' ? [] : c.form.getAll(`days-${i}`).map((day) => ({ day, time }));
  }).flat();
  const saved = await replacePostingSlots(c.deps.core, c.actor, c.params.id ?? '', {
    timeZone: c.form.get('timeZone') ?? '',
    slots,
  });
  return actionReply(c, saved, frameOf(c, 'Slots not saved', 400), doneAt(c, 'slots'));
}

// The list the page showed with one post moved a place: core refuses it if the queue changed since.
async function reorder(c: SignedContext): Promise<ConsoleReply> {
  const order = (c.form.get('order') ?? '').split(',').filter((id) => id !== '');
  const [direction, postId] = (c.form.get('move') ?? '').split(':');
  const moved = queueWithMove(order, postId ?? '', direction === 'up' ? 'up' : 'down');
  const done = await reorderQueue(c.deps.core, c.actor, c.params.id ?? '', moved);
  return actionReply(c, done, frameOf(c, 'Queue not reordered'), doneAt(c, 'reordered'));
}

async function shuffle(c: SignedContext): Promise<ConsoleReply> {
  const done = await shuffleQueue(c.deps.core, c.actor, c.params.id ?? '');
  return actionReply(c, done, frameOf(c, 'Queue not shuffled'), doneAt(c, 'shuffled'));
}

async function remove(c: SignedContext): Promise<ConsoleReply> {
  const done = await deletePost(c.deps.core, c.actor, c.form.get('postId') ?? '', {
    pullQueue: c.form.get('pullQueue') === 'true',
  });
  return actionReply(c, done, frameOf(c, 'Post not deleted'), doneAt(c, 'deleted'));
}

/** An account's posting slots and its queue: the slots grid, move up/down, shuffle, delete. */
export const accountQueueRoutes: readonly ConsoleRoute[] = [
  ...pageRoutes('/app/connections/:id/queue', show, { reorder, shuffle, delete: remove }),
  { method: 'POST', path: '/app/connections/:id/slots', access: 'signed', run: saveSlots },
];
