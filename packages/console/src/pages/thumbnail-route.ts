import { getThumbnail, thumbnailSizeOf } from '@svc/core';
import { html } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { barePage } from '../console-page.js';
import { type ConsoleReply, htmlReply } from '../console-reply.js';

/**
 * An asset's address and a size name one thumbnail for good (an asset's bytes never change), so the
 * browser keeps it a year without asking again. `private`: the answer needs the person's session,
 * so no shared cache (a proxy, a CDN) may keep it for others.
 */
const CACHE_FOR_GOOD = 'private, max-age=31536000, immutable';

/** The entity tag a browser sends back in `If-None-Match` (`"…"`, or `W/"…"`), unquoted. */
function knownTagOf(header: string | undefined): string | null {
  const first = header?.split(',')[0]?.trim().replace(/^W\//, '') ?? '';
  return /^"[^"]*"$/.test(first) ? first.slice(1, -1) : null;
}

async function thumbnail(c: SignedContext): Promise<ConsoleReply> {
  const size = thumbnailSizeOf(c.params.size ?? '');
  const answer =
    size === null
      ? null
      : await getThumbnail(
          c.deps.core,
          c.actor,
          c.params.id ?? '',
          size,
          knownTagOf(c.req.headers['if-none-match']),
        );
  if (answer === null || answer.isErr()) {
    return htmlReply(404, barePage('No such image', html`<p>There is no such image in your library.</p>`));
  }
  const { tag, thumbnail } = answer.value;
  const headers = { etag: `"${tag}"`, 'cache-control': CACHE_FOR_GOOD };
  // The browser's copy is this version (a reload revalidates even immutable answers): no bytes.
  if (thumbnail === null) return { status: 304, body: '', headers };
  return { status: 200, body: thumbnail.bytes, contentType: thumbnail.contentType, headers };
}

/** Thumbnails of the person's images, for every preview the console shows (docs/console.md). */
export const thumbnailRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/media/:id/thumb/:size', access: 'signed', run: thumbnail },
];
