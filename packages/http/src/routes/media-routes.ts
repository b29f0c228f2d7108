import { Readable } from 'node:stream';
import {
  completeUpload,
  createUploadTarget,
  findServedMedia,
  importMediaFromUrl,
  type MediaAsset,
  svcError,
  uploadMedia,
} from '@svc/core';
import type { Context } from 'koa';
import parseRange from 'range-parser';
import { authenticate } from '../authenticate.js';
import type { HttpDeps } from '../http-deps.js';
import type { HttpState } from '../http-state.js';
import { jsonBody } from '../json-body.js';
import { readMultipartFile } from '../read-multipart-file.js';
import type { Route } from '../route-table.js';
import { SvcFailure, unwrap } from '../svc-failure.js';

type MediaContext = Context & { state: HttpState };

/**
 * The media endpoints of spec 4.1 and the links they hand out:
 * - POST /api/v1/media (multipart, part `file`), /media/from-url and /media/upload;
 * - PUT /media/uploads/{id}: the signed upload link of /media/upload;
 * - GET and HEAD /media/{id}: the signed serving link, with byte ranges.
 */
export function mediaRoutes(deps: HttpDeps): Route[] {
  const auth = authenticate(deps.core);
  const json = jsonBody();
  const maxBytes = deps.core.policy.maxFileBytes;
  const served = (asset: MediaAsset) => ({
    success: true,
    mediaId: asset.id,
    url: deps.mediaLinks.urlFor(asset.id),
    contentType: asset.contentType,
    sizeBytes: asset.sizeBytes,
  });

  const upload = async (ctx: MediaContext) => {
    const actor = ctx.state.actor;
    if (actor === undefined) throw new Error('Route reached without authentication.');
    if (!ctx.is('multipart/form-data')) {
      throw new SvcFailure(
        svcError(
          'unsupported_content_type',
          'Send the file as multipart/form-data with a part named "file".',
        ),
      );
    }
    const asset = await unwrap(
      readMultipartFile(ctx.req, 'file', maxBytes, (file) => uploadMedia(deps.core, actor, file)),
    );
    ctx.body = { success: true, url: deps.mediaLinks.urlFor(asset.id), mediaId: asset.id };
  };

  const fromUrl = async (ctx: MediaContext) => {
    const actor = ctx.state.actor;
    if (actor === undefined) throw new Error('Route reached without authentication.');
    const body = ctx.request.body as { url?: unknown } | undefined;
    const { asset } = await unwrap(importMediaFromUrl(deps.core, actor, body?.url, 'refuse'));
    ctx.status = 201;
    ctx.body = served(asset);
  };

  const target = async (ctx: MediaContext) => {
    const actor = ctx.state.actor;
    if (actor === undefined) throw new Error('Route reached without authentication.');
    const { asset, expiresAt } = await unwrap(createUploadTarget(deps.core, actor));
    ctx.body = {
      mediaId: asset.id,
      uploadUrl: deps.mediaLinks.uploadUrlFor(asset.id, expiresAt),
      method: 'PUT',
      expiresAt: expiresAt.toISOString(),
      maxBytes,
    };
  };

  const receive = async (ctx: MediaContext) => {
    const id = signedId(ctx, deps, 'upload');
    const announced = Number(ctx.get('Content-Length') || Number.NaN);
    if (announced > maxBytes) {
      throw new SvcFailure(
        svcError('file_too_large', `The file is over the ${maxBytes / (1024 * 1024)} MB limit.`, {
          maxBytes,
        }),
      );
    }
    ctx.body = served(await unwrap(completeUpload(deps.core, id, ctx.req)));
  };

  const serve = async (ctx: MediaContext) => {
    const { asset, blobKey } = await unwrap(findServedMedia(deps.core, signedId(ctx, deps, 'serve')));
    sendBlob(ctx, deps, asset, blobKey);
  };

  return [
    { method: 'POST', path: '/api/v1/media', handlers: [auth, upload] },
    { method: 'POST', path: '/api/v1/media/from-url', handlers: [auth, json, fromUrl] },
    { method: 'POST', path: '/api/v1/media/upload', handlers: [auth, target] },
    { method: 'PUT', path: '/media/uploads/:id', handlers: [receive] },
    { method: 'GET', path: '/media/:id', handlers: [serve] },
    { method: 'HEAD', path: '/media/:id', handlers: [serve] },
  ];
}

/** The asset id of a signed link, or `invalid_media_link` / `invalid_upload_link` (403). */
function signedId(ctx: MediaContext, deps: HttpDeps, purpose: 'serve' | 'upload'): string {
  const id = ctx.state.params?.id ?? '';
  const expires = typeof ctx.query.expires === 'string' ? ctx.query.expires : '';
  const signature = typeof ctx.query.signature === 'string' ? ctx.query.signature : '';
  if (!deps.mediaLinks.verify(purpose, id, expires, signature)) {
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
function sendBlob(ctx: MediaContext, deps: HttpDeps, asset: MediaAsset, blobKey: string): void {
  const size = asset.sizeBytes;
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('ETag', `"${blobKey}"`);
  ctx.set('Cache-Control', 'private, max-age=3600');
  ctx.set('Content-Disposition', 'inline');
  ctx.type = asset.contentType;
  const header = ctx.get('Range');
  const ranges = header === '' ? null : parseRange(size, header, { combine: true });
  if (ranges === -1) {
    ctx.status = 416;
    ctx.set('Content-Range', `bytes */${size}`);
    ctx.body = {
      error: `The range ${header} is outside the file (${size} bytes).`,
      code: 'validation_failed',
    };
    return;
  }
  if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 && ranges[0] !== undefined) {
    const { start, end } = ranges[0];
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${start}-${end}/${size}`);
    ctx.length = end - start + 1;
    // Koa ends a HEAD response after the headers; a body would open the file for nothing.
    if (ctx.method !== 'HEAD') ctx.body = Readable.from(deps.core.blobs.read(blobKey, { start, end }));
    return;
  }
  ctx.status = 200;
  ctx.length = size;
  if (ctx.method !== 'HEAD') ctx.body = Readable.from(deps.core.blobs.read(blobKey));
}
