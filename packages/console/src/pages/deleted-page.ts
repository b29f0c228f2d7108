import {
  captionPreview,
  LIMIT_PHRASES,
  listDeletedPosts,
  publicStatus,
  restoreDaysLeft,
  restoreOwnPost,
} from '@svc/core';
import { emptyState, html, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField, pageReply } from '../console-page.js';
import type { ConsoleReply } from '../console-reply.js';
import { statusBadge } from './format.js';
import { actionReply, type RefusalFrame } from './refusal-page.js';
import { stackTable } from './stack-table.js';

async function list(c: SignedContext): Promise<ConsoleReply> {
  const now = c.deps.core.clock.now();
  const deleted = await unwrap(listDeletedPosts(c.deps.core, c.actor));
  const rows = deleted.map(({ post, restorableUntil }) => {
    const daysLeft = restoreDaysLeft(restorableUntil, now);
    return html`<tr>
<td>${post.name ?? (captionPreview(post.caption) || '(no caption)')}</td>
<td data-label="Status">${statusBadge(publicStatus(post.status))}</td>
<td data-label="Deleted">${c.time.when(post.deletedAt)}</td>
<td data-label="Restorable for">${daysLeft} day(s)</td>
<td><form class="inline" method="post" action="/app/deleted/${post.id}/restore">${csrfField(c.session)}<button type="submit" class="secondary" aria-label="Restore ${post.name ?? captionPreview(post.caption)}">Restore</button></form></td>
</tr>`;
  });
  const body =
    rows.length === 0
      ? emptyState(
          `No deleted post can be restored. Deleted posts stay here for ${LIMIT_PHRASES.restoreWindow}.`,
          {
            href: '/app/posts',
            label: 'See every post',
          },
        )
      : stackTable(['Post', 'Status', 'Deleted', 'Restorable for'], rows);
  return pageReply(c, 200, { title: 'Deleted', section: '/app/deleted', body });
}

async function restore(c: SignedContext): Promise<ConsoleReply> {
  const restored = await restoreOwnPost(c.deps.core, c.actor, c.params.id ?? '');
  const frame: RefusalFrame = {
    status: 409,
    title: 'Deleted',
    section: '/app/deleted',
    back: { href: '/app/deleted', label: 'Back to the deleted posts' },
  };
  return actionReply(c, restored, frame, (post) => `/app/posts/${post.id}?done=restored`);
}

/** Soft-deleted posts and their restore. */
export const deletedRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/deleted', access: 'signed', run: list },
  { method: 'POST', path: '/app/deleted/:id/restore', access: 'signed', run: restore },
];
