import { deleteMedia, listMedia, type MediaItem } from '@svc/core';
import { emptyState, type Html, html, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { consolePage, csrfField } from '../console-page.js';
import { type ConsoleReply, htmlReply, redirectReply } from '../console-reply.js';
import { formatSize, statusBadge } from './format.js';
import { refusalPage } from './refusal-page.js';

const PAGE_SIZE = 24;

async function list(c: SignedContext): Promise<ConsoleReply> {
  const cursor = c.url.searchParams.get('cursor');
  const found = await listMedia(c.deps.core, c.actor, { limit: PAGE_SIZE, cursor });
  // A cursor that is not ours (edited by hand) starts the library again.
  const page = found.isOk()
    ? found.value
    : await unwrap(listMedia(c.deps.core, c.actor, { limit: PAGE_SIZE }));
  const rows = page.media.map((item) => row(c, item));
  const next =
    page.nextCursor === null
      ? ''
      : html`<p><a href="/app/media?${new URLSearchParams({ cursor: page.nextCursor }).toString()}">Older media</a></p>`;
  const deleted =
    c.url.searchParams.get('done') === 'deleted' ? 'The file was deleted from the library.' : null;
  const body =
    rows.length === 0
      ? emptyState('The library is empty. Files you upload in Compose or through the API appear here.', {
          href: '/app/compose',
          label: 'Upload in Compose',
        })
      : html`<div class="table stack"><table><caption class="skip">Media, newest first</caption>
<thead><tr><th scope="col">File</th><th scope="col">Details</th><th scope="col">Added</th><th scope="col">Used by</th><th scope="col"><span class="skip">Actions</span></th></tr></thead>
<tbody>${rows}</tbody></table></div>${next}`;
  return htmlReply(
    200,
    consolePage(c.session, { title: 'Media', section: '/app/media', body, notice: deleted }),
  );
}

function row(c: SignedContext, item: MediaItem): Html {
  const url = c.deps.mediaUrl;
  const preview =
    url !== undefined && item.contentType.startsWith('image/')
      ? html`<img src="${url(item.id)}" alt="" width="64" height="64" class="thumb">`
      : html`<span class="muted">${item.contentType.startsWith('video/') ? 'Video' : item.contentType}</span>`;
  const size = `${formatSize(item.sizeBytes)}${item.width === null ? '' : `, ${item.width}×${item.height}`}${item.durationMs === null ? '' : `, ${Math.round(item.durationMs / 1000)} s`}`;
  const uses =
    item.usedBy.length === 0
      ? html`<span class="muted">Not used</span>`
      : item.usedBy.map(
          (u) => html`<div><a href="/app/posts/${u.postId}">${u.postId}</a> ${statusBadge(u.status)}</div>`,
        );
  return html`<tr>
<td>${preview}</td>
<td data-label="Details">${item.contentType}<div class="muted">${size}</div>${item.sourceUrl === null ? '' : html`<div class="muted">from ${item.sourceUrl}</div>`}</td>
<td data-label="Added">${c.time.when(item.createdAt)}</td>
<td data-label="Used by">${uses}</td>
<td><form class="inline" method="post" action="/app/media/${item.id}/delete">${csrfField(c.session)}<button type="submit" class="secondary" aria-label="Delete ${item.id}">Delete</button></form></td>
</tr>`;
}

async function remove(c: SignedContext): Promise<ConsoleReply> {
  const deleted = await deleteMedia(c.deps.core, c.actor, c.params.id ?? '');
  if (deleted.isErr()) {
    return refusalPage(c, {
      status: deleted.error.code === 'media_in_use' ? 409 : 404,
      title: 'Media',
      section: '/app/media',
      message: deleted.error.message,
      back: { href: '/app/media', label: 'Back to the media library' },
    });
  }
  return redirectReply('/app/media?done=deleted');
}

/** The media library: previews, sizes, where each file is used, and deleting unused ones. */
export const mediaRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/media', access: 'signed', run: list },
  { method: 'POST', path: '/app/media/:id/delete', access: 'signed', run: remove },
];
