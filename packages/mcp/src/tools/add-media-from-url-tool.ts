import { importMediaFromUrl, LIMIT_PHRASES } from '@svc/core';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { WRITE_IDEMPOTENT } from './annotations.js';

/** `svc_add_media_from_url`: imports a public file into the library and returns its media id. */
export const addMediaFromUrlTool = defineTool({
  name: 'svc_add_media_from_url',
  title: 'Add media from URL',
  description: `Downloads a public image or video (direct https link, up to ${LIMIT_PHRASES.maxFile}; ${LIMIT_PHRASES.mediaTypes}) into the media library and returns a media id to reuse across posts. Cloud-storage share links are converted when publicly shared. Importing the same link again returns the same id. Not needed for a single post: media_urls on svc_schedule_post does the same.`,
  scope: 'media:write',
  action: 'media:write',
  annotations: WRITE_IDEMPOTENT,
  input: z.strictObject({ url: z.string().min(1).describe('Direct https link to the file.') }),
  output: z.object({
    success: z.literal(true),
    mediaId: z.string(),
    url: z.string(),
    contentType: z.string(),
    sizeBytes: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    reused: z.boolean(),
  }),
  async run({ deps, actor }, args) {
    return importMediaFromUrl(deps.core, actor, args.url, 'convert').map(({ asset, reused }) => ({
      structured: {
        success: true,
        mediaId: asset.id,
        url: deps.mediaLinks.urlFor(asset.id),
        contentType: asset.contentType,
        sizeBytes: asset.sizeBytes,
        width: asset.width,
        height: asset.height,
        durationMs: asset.durationMs,
        reused,
      },
      summary: `${reused ? 'Already in the library' : 'Imported'}: media id ${asset.id} (${asset.contentType}${asset.width === null ? '' : `, ${asset.width}x${asset.height}`}). Pass it in media_ids.`,
    }));
  },
});
