import { LIMIT_PHRASES } from '@svc/core';
import { z } from 'zod';

// Fields svc_schedule_post and svc_draft_post share, with their limits from core's policy.

/** A list of one to the most slides a post may name. */
export const slideList = () => z.array(z.string().min(1)).min(1).max(LIMIT_PHRASES.maxMediaItems);

/** `media_ids`: library media ids in slide order. */
export const mediaIdsField = slideList().optional().describe('Media ids in slide order.');

/** `title`: the title YouTube and TikTok require. */
export const titleField = z.string().optional().describe(LIMIT_PHRASES.titleRule);

/** `platform_meta`: per-platform options. */
export const platformMetaField = z
  .record(z.string(), z.unknown())
  .optional()
  .describe('Keyed by platform; platform_meta.tiktok.privacyLevel is required for tiktok.');
