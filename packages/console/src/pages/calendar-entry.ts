import {
  can,
  captionPreview,
  formatLocalDateTime,
  type MediaAsset,
  type Platform,
  type Post,
  type PublicPostStatus,
  publicStatus,
} from '@svc/core';
import { type Html, html, platformMark } from '@svc/web';
import type { TimeFormat } from '../time-format.js';
import { statusBadge } from './format.js';
import { mediaPreview } from './media-preview.js';

/** What the Move form of one entry held when the move was refused: shown again, open. */
export type TypedMove = { readonly key: string; readonly date: string; readonly time: string };

/** What every entry of a calendar page shares. */
export type CalendarEntryFrame = {
  readonly time: TimeFormat;
  /** The anti-forgery field every form carries. */
  readonly csrf: Html;
  /** The calendar view to come back to after a move (`month:2031-01`, `week:2031-01-06`). */
  readonly view: string;
  /** Slide 1's asset of the posts that have one, by id. */
  readonly thumbs: ReadonlyMap<string, MediaAsset>;
  readonly typed: TypedMove | null;
};

/** Where an entry is drawn: a narrow month cell, the phone's agenda or a week's day (ids differ per place). */
export type EntryPlace = 'grid' | 'agenda' | 'week';

/** The asset id of slide 1 of a post (a link the platform reads itself has no thumbnail). */
export function firstAssetId(post: Post): string | null {
  const first = post.media[0];
  return first?.kind === 'asset' ? first.mediaId : null;
}

/** What an entry moves: a post alone, or a post made for several platforms at once (its group). */
export function moveKeyOf(members: readonly Post[]): { key: string; action: string } {
  const [first] = members as [Post, ...Post[]];
  return members.length === 1 || first.groupId === null
    ? { key: first.id, action: `/app/calendar/posts/${first.id}/move` }
    : { key: first.groupId, action: `/app/calendar/groups/${first.groupId}/move` };
}

/**
 * One calendar entry of a post, or of a group made together (one entry, each platform's status):
 * slide 1's thumbnail, the time in the person's zone, the caption, each platform's mark with its
 * status in words, and, while core lets it move (a scheduled post or a draft), a "Move to…" form
 * that the page's script also fills when the entry is dragged to another day.
 */
export function calendarEntry(members: readonly Post[], frame: CalendarEntryFrame, place: EntryPlace): Html {
  const [first] = members as [Post, ...Post[]];
  const single = members.length === 1 || first.groupId === null;
  const href = single ? `/app/posts/${first.id}` : `/app/groups/${first.groupId}`;
  const local =
    first.scheduledTime === null ? '' : formatLocalDateTime(frame.time.local(first.scheduledTime));
  const at = local.slice(11);
  const name = first.name ?? (captionPreview(first.caption).slice(0, 40) || '(no caption)');
  const assetId = members.map(firstAssetId).find((id) => id !== null) ?? null;
  const asset = assetId === null ? undefined : frame.thumbs.get(assetId);
  const thumb = asset === undefined ? '' : mediaPreview(asset, { box: place === 'grid' ? 40 : 56, alt: '' });
  const movable = first.scheduledTime !== null && members.some((m) => can(m, 'edit'));
  const { key, action } = moveKeyOf(members);
  const formId = `move-${place}-${key}`;
  const accounts = members.flatMap((m) => m.profileIds).join(' ');
  return html`<li class="entry"${movable ? html` data-move-form="${formId}" data-accounts="${accounts}"` : ''}><a href="${href}" class="entry-link">${thumb}<span class="entry-text"><time datetime="${first.scheduledTime?.toISOString() ?? ''}">${at}</time> ${name}</span></a>
${statusLines(members, place === 'grid' ? 'quiet' : 'named')}${movable ? moveForm(frame, { key, action, formId, name, at, local }) : ''}</li>`;
}

/**
 * Each platform's status in as few lines as a narrow calendar cell allows: the platforms that share
 * a status on one line (their marks, then the status in words), one line per status.
 */
function statusLines(members: readonly Post[], shown: 'quiet' | 'named'): Html[] {
  const byStatus = new Map<PublicPostStatus, Platform[]>();
  for (const m of members) {
    const status = publicStatus(m.status);
    byStatus.set(status, [...(byStatus.get(status) ?? []), ...m.platforms]);
  }
  return [...byStatus].map(
    ([status, platforms]) =>
      html`<div class="entry-status">${platforms.map((p) => platformMark(p, shown))} ${statusBadge(status)}</div>`,
  );
}

function moveForm(
  frame: CalendarEntryFrame,
  entry: { key: string; action: string; formId: string; name: string; at: string; local: string },
): Html {
  const typed = frame.typed?.key === entry.key ? frame.typed : null;
  const date = typed?.date ?? entry.local.slice(0, 10);
  const time = typed?.time ?? entry.at;
  const id = entry.formId;
  return html`<details class="move"${typed === null ? '' : html` open`}><summary>Move to…<span class="visually-hidden"> (${entry.name}, ${entry.at})</span></summary>
<form method="post" action="${entry.action}" id="${id}">${frame.csrf}<input type="hidden" name="view" value="${frame.view}">
<label for="${id}-date">Day</label><input id="${id}-date" name="date" type="date" required value="${date}">
<label for="${id}-time">Time (${frame.time.zone})</label><input id="${id}-time" name="time" type="time" required value="${time}">
<button type="submit" class="small">Move</button></form></details>`;
}
