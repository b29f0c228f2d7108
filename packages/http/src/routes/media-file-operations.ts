import { Readable } from 'node:stream';
import { findServedMedia, type MediaAsset, svcError } from '@svc/core';
import { SvcFailure, unwrap } from '@svc/web';
import type { Context } from 'koa';
import parseRange from 'range-parser';
import { z } from 'zod';
import type { HttpDeps } from '../http-deps.js';
import { type AnyOperation, defineOperation } from '../operation.js';

/** What a served file can be: its type is the one read from its bytes. */
const MEDIA_TYPES = { 'image/*': null, 'video/*': null } as const;

/** The answers of a signed media link. */
const SERVE_RESPONSES = {
  200: { description: 'The file.', raw: MEDIA_TYPES },
  206: { description: 'The requested byte range.', raw: MEDIA_TYPES },
  302: {
    description:
      'Only when the server keeps media in object storage with SVC_MEDIA_REDIRECT on: the file is at the short-lived presigned link in `Location` (send the same `Range` there).',
    raw: {},
  },
} as const;

/** The query of a signed link (serving or upload): its expiry and signature, as handed out. */
export const signedQuery = z.object({
  expires: z.string().max(20).describe('When the link expires (Unix seconds), as handed out.'),
  signature: z.string().max(200).describe("The link's signature, as handed out."),
});

/** GET and HEAD /media/{id}: the signed serving link posts and media answers hand out, with byte ranges. */
export function mediaFileOperations(deps: HttpDeps): AnyOperation[] {
  const serve = (method: 'GET' | 'HEAD') =>
    defineOperation({
      id: method === 'GET' ? 'getMediaFile' : 'headMediaFile',
      method,
      path: '/media/{id}',
      tag: 'Media',
      summary:
        method === 'GET' ? 'Download a media file through its signed link' : "Read a media file's headers",
      description: 'The link as posts and media answers hand it out; one byte range is answered 206.',
      access: 'signed',
      query: signedQuery,
      // HEAD is always answered here, so its document leaves the redirect out (the type keeps it).
      responses: (method === 'GET'
        ? SERVE_RESPONSES
        : { 200: SERVE_RESPONSES[200], 206: SERVE_RESPONSES[206] }) as typeof SERVE_RESPONSES,
      errors: ['invalid_media_link', 'not_found', 'range_not_satisfiable'],
    })(async ({ ctx, params, query }) => {
      const { asset, blobKey } = await unwrap(
        findServedMedia(deps.core, signedId(deps, 'serve', params, query)),
      );
      // Our own link is checked above either way; only the bytes come from elsewhere.
      if (method === 'GET' && deps.mediaRedirect != null) {
        ctx.redirect(await deps.mediaRedirect(blobKey, asset.contentType));
        // The presigned link expires in minutes: no cache may keep this answer.
        ctx.set('Cache-Control', 'no-store');
        return { status: 302, raw: true };
      }
      return sendBlob(ctx, deps, asset, blobKey);
    });
  return [serve('GET'), serve('HEAD')];
}

/** The asset id of a signed link, or `invalid_media_link` / `invalid_upload_link` (403). */
export function signedId(
  deps: HttpDeps,
  purpose: 'serve' | 'upload',
  params: Readonly<Record<string, string>>,
  query: { readonly expires: string; readonly signature: string },
): string {
  const id = params.id ?? '';
  if (!deps.mediaLinks.verify(purpose, id, query.expires, query.signature)) {
    throw new SvcFailure(
      purpose === 'serve'
        ? svcError(
            'invalid_media_link',
            'This media link is not valid or has expired. Read the post again for a fresh link.',
          )
        : svcError('invalid_upload_link', 'This upload link is not valid or has expired. Ask for a new one.'),
    );
  }
  return id;
}

/**
 * Streams a blob with its type and length; a single byte range is answered 206, an unsatisfiable
 * one 416. Several ranges at once are answered with the whole file, which HTTP allows.
 */
function sendBlob(
  ctx: Context,
  deps: HttpDeps,
  asset: MediaAsset,
  blobKey: string,
): { status: 200 | 206; raw: true } {
  const size = asset.sizeBytes;
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('ETag', `"${blobKey}"`);
  ctx.set('Cache-Control', 'private, max-age=3600');
  ctx.set('Content-Disposition', 'inline');
  ctx.type = asset.contentType;
  const header = ctx.get('Range');
  const ranges = header === '' ? null : parseRange(size, header, { combine: true });
  if (ranges === -1) {
    ctx.set('Content-Range', `bytes */${size}`);
    throw new SvcFailure(
      svcError('range_not_satisfiable', `The range ${header} is outside the file (${size} bytes).`, {
        sizeBytes: size,
      }),
    );
  }
  if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 && ranges[0] !== undefined) {
    const { start, end } = ranges[0];
    ctx.set('Content-Range', `bytes ${start}-${end}/${size}`);
    ctx.length = end - start + 1;
    // Koa ends a HEAD response after the headers; a body would open the file for nothing.
    if (ctx.method !== 'HEAD') ctx.body = Readable.from(deps.core.blobs.read(blobKey, { start, end }));
    return { status: 206, raw: true };
  }
  ctx.length = size;
  if (ctx.method !== 'HEAD') ctx.body = Readable.from(deps.core.blobs.read(blobKey));
  return { status: 200, raw: true };
}
