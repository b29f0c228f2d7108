import {
  completeUpload,
  createUploadTarget,
  deleteMedia,
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
import { z } from 'zod';
import type { HttpDeps } from '../http-deps.js';
import { actorOf } from '../http-state.js';
import { type AnyOperation, defineOperation } from '../operation.js';
import { MEDIA_IMPORT_ERRORS } from '../operation-errors.js';
import { useCaseOperation } from '../use-case-operation.js';
import { mediaFileOperations, signedId, signedQuery } from './media-file-operations.js';

const servedSchema = z.object({
  success: z.literal(true),
  mediaId: z.string(),
  url: z.string().describe('A signed link to the file; it expires, so read the post again for a fresh one.'),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});

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
  return [
    defineOperation({
      id: 'uploadMedia',
      method: 'POST',
      path: '/api/v1/media',
      tag: 'Media',
      summary: 'Upload a media file (multipart)',
      description: `JPEG, PNG, WebP, GIF, MP4, MOV or WebM up to ${maxBytes / (1024 * 1024)} MB; the type is read from the bytes.`,
      access: { scope: 'media:write', action: 'media:write' },
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
      access: { scope: 'media:write', action: 'media:write' },
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
      access: { scope: 'media:write', action: 'media:write' },
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
    ...mediaFileOperations(deps),
    defineOperation({
      id: 'listMedia',
      method: 'GET',
      path: '/api/v1/media',
      tag: 'Media',
      summary: 'List the media library, newest first, a page at a time',
      access: { scope: 'post:read', action: 'media:read' },
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
    useCaseOperation({
      id: 'getMedia',
      method: 'GET',
      path: '/api/v1/media/{id}',
      tag: 'Media',
      summary: 'Read a media asset: its facts, a fresh link, and the posts that use it',
      scope: 'post:read',
      action: 'media:read',
      answer: { description: 'The asset.', schema: mediaItemSchema },
      errors: ['media_asset_not_found'],
    })(deps.core, getMediaItem, itemJson),
    useCaseOperation({
      id: 'deleteMedia',
      method: 'DELETE',
      path: '/api/v1/media/{id}',
      tag: 'Media',
      summary: 'Delete a media asset no upcoming post uses',
      description:
        'Refused with `media_in_use` while a draft, a post waiting for approval or a scheduled post uses it. Published and failed posts keep their history; their link to it stops working.',
      scope: 'media:write',
      action: 'media:write',
      answer: {
        description: 'The asset is gone from the library.',
        schema: z.object({ mediaId: z.string(), deleted: z.literal(true) }),
      },
      errors: ['media_asset_not_found', 'media_in_use'],
    })(deps.core, deleteMedia, (asset) => ({ mediaId: asset.id, deleted: true as const })),
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
