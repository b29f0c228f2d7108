import { captionPreview, deleteMedia, getPost, listMedia, type MediaItem, mediaTypeName } from '@svc/core';
import { emptyState, type Html, html, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { pageReply } from '../console-page.js';
import { type ConsoleReply, redirectReply } from '../console-reply.js';
import { confirmButton } from './confirm-page.js';
import { formatSize, statusBadge } from './format.js';
import { mediaPreview } from './media-preview.js';
import { refusalPage } from './refusal-page.js';

const PAGE_SIZE = 24;

async function list(c: SignedContext): Promise<ConsoleReply> {
  const cursor = c.url.searchParams.get('cursor');
  const found = await listMedia(c.deps.core, c.actor, { limit: PAGE_SIZE, cursor });
  // A cursor that is not ours (edited by hand) starts the library again.
  const page = found.isOk()
    ? found.value
    : await unwrap(listMedia(c.deps.core, c.actor, { limit: PAGE_SIZE }));
  const names = await postNames(c, page.media);
  const rows = page.media.map((item) => row(c, item, names));
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
  return pageReply(c, 200, { title: 'Media', section: '/app/media', body, notice: deleted });
}

/**
 * What each post using a file on this page is called: its caption's preview, else its title;
 * people recognise a post by its words, not by its id (which stays in the link).
 */
async function postNames(c: SignedContext, items: readonly MediaItem[]): Promise<Map<string, string>> {
  const ids = [...new Set(items.flatMap((item) => item.usedBy.map((u) => u.postId)))];
  const named = await Promise.all(
    ids.map(async (id) => {
      const found = await getPost(c.deps.core, c.actor, id);
      const name = found.isOk() ? captionPreview(found.value.caption) || found.value.title : '';
      return [id, name || 'A post without a caption'] as const;
    }),
  );
  return new Map(named);
}

function row(c: SignedContext, item: MediaItem, names: ReadonlyMap<string, string>): Html {
  const preview = mediaPreview(item, { box: 64, alt: '' });
  const size = `${formatSize(item.sizeBytes)}${item.width === null ? '' : `, ${item.width}×${item.height}`}${item.durationMs === null ? '' : `, ${Math.round(item.durationMs / 1000)} s`}`;
  const uses =
    item.usedBy.length === 0
      ? html`<span class="muted">Not used</span>`
      : item.usedBy.map(
          (u) =>
            html`<div><a href="/app/posts/${u.postId}">${names.get(u.postId) ?? 'A post'}</a> ${statusBadge(u.status)}</div>`,
        );
  return html`<tr>
<td>${preview}</td>
<td data-label="Details">${mediaTypeName(item.contentType)}<div class="muted">${size}</div>${item.sourceUrl === null ? '' : html`<div class="muted">from ${item.sourceUrl}</div>`}</td>
<td data-label="Added">${c.time.when(item.createdAt)}</td>
<td data-label="Used by">${uses}</td>
<td>${confirmButton(`/app/media/${item.id}/delete`, 'Delete', `Delete this ${item.contentType.startsWith('video/') ? 'video' : 'file'}, added ${c.time.text(item.createdAt)}`, 'secondary')}</td>
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
