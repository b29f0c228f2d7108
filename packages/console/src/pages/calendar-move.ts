// Moving a post from the calendar: its "Move to…" form (day and time in the person's zone), which
// the page's script also sends when the post is dragged to another day. The move is the post
// page's edit (`editPost`) or the group page's (`editPostGroup`), with their refusals.

import { editPost, editPostGroup, type SvcError } from '@svc/core';
import type { Result } from 'neverthrow';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { type ConsoleReply, redirectReply } from '../console-reply.js';
import { type CalendarOutcome, monthView, weekView } from './calendar-page.js';
import { problemsOf } from './post-slides.js';

/** The calendar view the form came from: `month:2031-01` or `week:2031-01-06` (else this month). */
function viewOf(value: string | null): { kind: 'month' | 'week'; at: string | null } {
  const month = /^month:(\d{4}-\d{2})$/.exec(value ?? '');
  if (month !== null) return { kind: 'month', at: month[1] ?? null };
  const week = /^week:(\d{4}-\d{2}-\d{2})$/.exec(value ?? '');
  return week === null ? { kind: 'month', at: null } : { kind: 'week', at: week[1] ?? null };
}

const viewPath = (view: ReturnType<typeof viewOf>, done: string) =>
  view.kind === 'week'
    ? `/app/calendar/week?${view.at === null ? '' : `week=${view.at}&`}done=${done}`
    : `/app/calendar?${view.at === null ? '' : `month=${view.at}&`}done=${done}`;

/** Back to the calendar with a notice, or the calendar again with the refusal and what was typed. */
async function after(
  c: SignedContext,
  key: string,
  /** How many members of a group kept their time (a platform already published, say). */
  moved: Result<number, SvcError>,
): Promise<ConsoleReply> {
  const view = viewOf(c.form.get('view'));
  if (moved.isOk()) return redirectReply(viewPath(view, moved.value > 0 ? 'partly' : 'moved'));
  const outcome: CalendarOutcome = {
    status:
      moved.error.code === 'invalid_post_state' ? 409 : moved.error.code.endsWith('_not_found') ? 404 : 400,
    alert: 'Not moved: the post keeps its time.',
    problems: problemsOf(moved.error, c.time.zone),
    typed: { key, date: c.form.get('date') ?? '', time: c.form.get('time') ?? '' },
  };
  return view.kind === 'week' ? weekView(c, view.at, outcome) : monthView(c, view.at, outcome);
}

/** The new time the form asks for, or what was sent, for the use case to refuse in its own words. */
function newTime(c: SignedContext): string {
  const typed = `${c.form.get('date') ?? ''}T${c.form.get('time') ?? ''}`;
  return c.time.instant(typed)?.toISOString() ?? typed;
}

async function movePost(c: SignedContext): Promise<ConsoleReply> {
  const postId = c.params.id ?? '';
  const moved = await editPost(c.deps.core, c.actor, { postId, scheduledTime: newTime(c) });
  return after(
    c,
    postId,
    moved.map(() => 0),
  );
}

async function moveGroup(c: SignedContext): Promise<ConsoleReply> {
  const groupId = c.params.id ?? '';
  const moved = await editPostGroup(c.deps.core, c.actor, { groupId, scheduledTime: newTime(c) });
  return after(
    c,
    groupId,
    moved.map((changed) => changed.skipped.length),
  );
}

/** The calendar's Move forms (a post, or a post made for several platforms at once). */
export const calendarMoveRoutes: readonly ConsoleRoute[] = [
  { method: 'POST', path: '/app/calendar/posts/:id/move', access: 'signed', run: movePost },
  { method: 'POST', path: '/app/calendar/groups/:id/move', access: 'signed', run: moveGroup },
];
