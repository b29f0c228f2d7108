import { PLATFORM_NAMES, type Platform, type PostListItem } from '@svc/core';
import { type Html, html } from '@svc/web';
import type { TimeFormat } from '../time-format.js';
import { firstSentence, statusBadge } from './format.js';

/** One member's status, named by its platform (a draft's targets may be several or none: no name). */
function platformStatus(platform: Platform | null, status: Html): Html {
  return html`<div class="group-member">${platform === null ? '' : html`<span class="platform-mark">${PLATFORM_NAMES[platform]}</span> `}${status}</div>`;
}

/**
 * The Posts list's row of a group of posts made together: one row, linking to the group's page,
 * with each platform's status. A group of one is the post's own row.
 */
export function postGroupRow(rows: readonly PostListItem[], time: TimeFormat): Html {
  // Oldest first, as the group's page lists them (ids sort by creation; the list is newest first).
  const members = [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));
  const [first] = members as [PostListItem, ...PostListItem[]];
  const single = members.length === 1 || first.groupId === null;
  const href = single ? `/app/posts/${first.id}` : `/app/groups/${first.groupId}`;
  const label = first.name ?? (first.captionPreview || '(no caption)');
  const times = new Set(members.map((m) => m.scheduledTime?.getTime() ?? null));
  return html`<tr>
<td><a href="${href}">${label}</a>${single ? '' : html`<div class="muted">${members.length} platforms, one post</div>`}</td>
<td data-label="Status">${members.map((m) =>
    platformStatus(
      m.targets[0]?.platform ?? null,
      html`${statusBadge(m.status)}${m.failedReason === null ? '' : html`<div class="muted">${m.failedReason}</div>`}${m.warning === null ? '' : html`<div class="warning-text">${firstSentence(m.warning)}</div>`}`,
    ),
  )}</td>
<td data-label="Accounts">${members.map((m) => m.targets.map((t) => html`<div>${PLATFORM_NAMES[t.platform]} ${t.handle === null ? '' : `@${t.handle}`}</div>`))}</td>
<td data-label="Scheduled">${times.size === 1 ? time.when(first.scheduledTime) : members.map((m) => html`<div>${time.when(m.scheduledTime)}</div>`)}</td>
</tr>`;
}
