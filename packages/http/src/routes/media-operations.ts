import { Readable } from 'node:stream';
import {
  completeUpload,
  createUploadTarget,
  deleteMedia,
  findServedMedia,
  getMediaItem,
  importMediaFromUrl,
  LIST_MEDIA_LIMITS,
  listMedia,
  type MediaAsset,
  type MediaItem,
  PUBLIC_POST_STATUSES,
  svcError,
  uploadMedia,
} from '@svc/core';
import { readMultipartFile, SvcFailure, unwrap } from '@svc/web';
import type { Context } from 'koa';
import parseRange from 'range-parser';
import { z } from 'zod';
import type { HttpDeps } from '../http-deps.js';
import { actorOf } from '../http-state.js';
import { type AnyOperation, defineOperation } from '../operation.js';
import { MEDIA_IMPORT_ERRORS } from '../operation-errors.js';

const servedSchema = z.object({
  success: z.literal(true),
  mediaId: z.string(),
  url: z.string().describe('A signed link to the file; it expires, so read the post again for a fresh one.'),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});

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

/**
 * The media endpoints of spec 4.1 and the links they hand out:
 * - POST /api/v1/media (multipart, part `file`), /media/from-url and /media/upload;
 * - PUT /media/uploads/{id}: the signed upload link of /media/upload;
 * - GET and HEAD /media/{id}: the signed serving link, with byte ranges.
 */
export function mediaOperations(deps: HttpDeps): AnyOperation[] {
  const maxBytes = deps.core.policy.maxFileBytes;
  const served = (asset: MediaAsset) => ({
    success: true as const,
    mediaId: asset.id,
    url: deps.mediaLinks.urlFor(asset.id),
    contentType: asset.contentType,
    sizeBytes: asset.sizeBytes,
  });
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

  return [
    defineOperation({
      id: 'uploadMedia',
      method: 'POST',
      path: '/api/v1/media',
      tag: 'Media',
      summary: 'Upload a media file (multipart)',
      description: `JPEG, PNG, WebP, GIF, MP4, MOV or WebM up to ${maxBytes / (1024 * 1024)} MB; the type is read from the bytes.`,
      access: { scope: 'media:write' },
      body: { kind: 'multipart', part: 'file', description: 'The file as the part named `file`.' },
      responses: {
        200: {
          description: 'The file is in the library.',
          schema: z.object({ success: z.literal(true), url: z.string(), mediaId: z.string() }),
        },
      },
      errors: [
        'unsupported_content_type',
        'missing_file',
        'file_too_large',
        'unsupported_media_type',
        'upload_plan_required',
        'storage_quota_exceeded',
        'media_upload_interrupted',
        'validation_failed',
      ],
    })(async ({ ctx }) => {
      const actor = actorOf(ctx);
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
      return {
        status: 200,
        body: { success: true, url: deps.mediaLinks.urlFor(asset.id), mediaId: asset.id },
      };
    }),
    defineOperation({
      id: 'importMediaFromUrl',
      method: 'POST',
      path: '/api/v1/media/from-url',
      tag: 'Media',
      summary: 'Import a media file from a public link',
      description:
        'The same link imports to the same asset. Share pages (a Drive or Dropbox page) are refused with the direct link to use.',
      access: { scope: 'media:write' },
      body: {
        kind: 'json',
        schema: z.object({ url: z.url({ protocol: /^https?$/ }) }),
        parsedBy: 'core',
        example: { url: 'https://cdn.example.com/launch.jpg' },
      },
      responses: { 201: { description: 'The file is in the library.', schema: servedSchema } },
      errors: [...MEDIA_IMPORT_ERRORS, 'unsupported_media_type', 'file_too_large'],
    })(async ({ ctx, body }) => {
      const url = (body as { url?: unknown } | undefined)?.url;
      const { asset } = await unwrap(importMediaFromUrl(deps.core, actorOf(ctx), url, 'refuse'));
      return { status: 201, body: served(asset) };
    }),
    defineOperation({
      id: 'createUploadTarget',
      method: 'POST',
      path: '/api/v1/media/upload',
      tag: 'Media',
      summary: 'Get a signed link to PUT a large file to',
      access: { scope: 'media:write' },
      responses: {
        200: {
          description: 'Where to PUT the bytes, until when.',
          schema: z.object({
            mediaId: z.string(),
            uploadUrl: z.string(),
            method: z.literal('PUT'),
            expiresAt: z.string(),
            maxBytes: z.number().int(),
          }),
        },
      },
      errors: ['upload_plan_required', 'storage_quota_exceeded'],
    })(async ({ ctx }) => {
      const { asset, expiresAt } = await unwrap(createUploadTarget(deps.core, actorOf(ctx)));
      return {
        status: 200,
        body: {
          mediaId: asset.id,
          uploadUrl: deps.mediaLinks.uploadUrlFor(asset.id, expiresAt),
          method: 'PUT',
          expiresAt: expiresAt.toISOString(),
          maxBytes,
        },
      };
    }),
    defineOperation({
      id: 'putUpload',
      method: 'PUT',
      path: '/media/uploads/{id}',
      tag: 'Media',
      summary: 'Send the bytes to a signed upload link',
      access: 'signed',
      query: signedQuery,
      body: { kind: 'binary', description: 'The file itself.' },
      responses: { 200: { description: 'The file is in the library.', schema: servedSchema } },
      errors: [
        'invalid_upload_link',
        'upload_not_pending',
        'upload_incomplete',
        'file_too_large',
        'unsupported_media_type',
        'storage_quota_exceeded',
        'media_upload_interrupted',
        'media_not_found',
      ],
    })(async ({ ctx, params, query }) => {
      const id = signedId(deps, 'upload', params, query);
      const announced = Number(ctx.get('Content-Length') || Number.NaN);
      if (announced > maxBytes) {
        throw new SvcFailure(
          svcError('file_too_large', `The file is over the ${maxBytes / (1024 * 1024)} MB limit.`, {
            maxBytes,
          }),
        );
      }
      return { status: 200, body: served(await unwrap(completeUpload(deps.core, id, ctx.req))) };
    }),
    serve('GET'),
    serve('HEAD'),
    defineOperation({
      id: 'listMedia',
      method: 'GET',
      path: '/api/v1/media',
      tag: 'Media',
      summary: 'List the media library, newest first, a page at a time',
      access: { scope: 'post:read' },
      query: z.object({
        limit: z.coerce
          .number()
          .int()
          .min(1)
          .max(LIST_MEDIA_LIMITS.max)
          .optional()
          .describe(`Items per page, 1 to ${LIST_MEDIA_LIMITS.max} (default ${LIST_MEDIA_LIMITS.default}).`),
        cursor: z.string().min(1).max(500).optional().describe('The nextCursor of the previous page.'),
      }),
      responses: {
        200: {
          description: 'A page of the library.',
          schema: z.object({ media: z.array(mediaItemSchema), nextCursor: z.string().nullable() }),
        },
      },
      errors: [],
    })(async ({ ctx, query }) => {
      const page = await unwrap(
        listMedia(deps.core, actorOf(ctx), { limit: query.limit ?? null, cursor: query.cursor ?? null }),
      );
      return { status: 200, body: { media: page.media.map(itemJson), nextCursor: page.nextCursor } };
    }),
    defineOperation({
      id: 'getMedia',
      method: 'GET',
      path: '/api/v1/media/{id}',
      tag: 'Media',
      summary: 'Read a media asset: its facts, a fresh link, and the posts that use it',
      access: { scope: 'post:read' },
      responses: { 200: { description: 'The asset.', schema: mediaItemSchema } },
      errors: ['media_asset_not_found'],
    })(async ({ ctx, params }) => ({
      status: 200,
      body: itemJson(await unwrap(getMediaItem(deps.core, actorOf(ctx), params.id ?? ''))),
    })),
    defineOperation({
      id: 'deleteMedia',
      method: 'DELETE',
      path: '/api/v1/media/{id}',
      tag: 'Media',
      summary: 'Delete a media asset no upcoming post uses',
      description:
        'Refused with `media_in_use` while a draft, a post waiting for approval or a scheduled post uses it. Published and failed posts keep their history; their link to it stops working.',
      access: { scope: 'media:write' },
      responses: {
        200: {
          description: 'The asset is gone from the library.',
          schema: z.object({ mediaId: z.string(), deleted: z.literal(true) }),
        },
      },
      errors: ['media_asset_not_found', 'media_in_use'],
    })(async ({ ctx, params }) => {
      const asset = await unwrap(deleteMedia(deps.core, actorOf(ctx), params.id ?? ''));
      return { status: 200, body: { mediaId: asset.id, deleted: true } };
    }),
  ];

  function itemJson(item: MediaItem) {
    return {
      ...item,
      url: deps.mediaLinks.urlFor(item.id),
      createdAt: item.createdAt.toISOString(),
    };
  }
}

/** A file of the media library as the API shows it. */
export const mediaItemSchema = z.object({
  id: z.string(),
  url: z.string().describe('A signed link to the file; it expires.'),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  sourceUrl: z.string().nullable().describe('The link it was imported from; null for uploads.'),
  createdAt: z.string(),
  usedBy: z
    .array(z.object({ postId: z.string(), status: z.enum(PUBLIC_POST_STATUSES) }))
    .describe('Posts that use it, newest first: as a slide, or as the original of a converted copy.'),
});

const signedQuery = z.object({
  expires: z.string().max(20).describe('When the link expires (Unix seconds), as handed out.'),
  signature: z.string().max(200).describe("The link's signature, as handed out."),
});

/** The asset id of a signed link, or `invalid_media_link` / `invalid_upload_link` (403). */
function signedId(
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
