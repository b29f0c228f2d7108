import { DUPLICATE_WINDOW_MS } from '../domain/duplicate-content.js';
import { ALLOWED_MEDIA_TYPES } from '../domain/media-types.js';
import { MAX_MEDIA_ITEMS } from '../domain/post-request.js';
import { RESTORE_WINDOW_MS } from '../domain/post-state-machine.js';
import { formatBytes, mediaTypeName } from './media-wording.js';
import { DEFAULT_POLICY_CONFIG } from './platform-limits.js';

const HOUR_MS = 3_600_000;
const thousands = new Intl.NumberFormat('en-US');
const platforms = DEFAULT_POLICY_CONFIG.platforms;

/**
 * The limits agent tools state in their descriptions and schemas, worded from the constants and
 * the default policy, so a description never restates a number the policy no longer applies.
 */
export const TOOL_LIMITS = {
  /** Most media one post names: `35`. */
  maxMediaItems: MAX_MEDIA_ITEMS,
  /** The service's caption cap: `2,200`. */
  captionMax: thousands.format(DEFAULT_POLICY_CONFIG.captionMax),
  /** The per-file size cap: `50 MB`. */
  maxFile: formatBytes(DEFAULT_POLICY_CONFIG.maxFileBytes),
  /** The media types accepted: `JPEG, PNG, WebP, GIF, MP4, MOV, WebM`. */
  mediaTypes: ALLOWED_MEDIA_TYPES.map(mediaTypeName).join(', '),
  /** How long a deleted post can be restored: `30 days`. */
  restoreWindow: `${Math.round(RESTORE_WINDOW_MS / (24 * HOUR_MS))} days`,
  /** How long a repeat of the same content is refused: `48 hours`. */
  repeatWindow: `${Math.round(DUPLICATE_WINDOW_MS / HOUR_MS)} hours`,
  /** The title rule: `Required for youtube (max 100) and tiktok (max 150).` */
  titleRule: `Required for youtube (max ${platforms.youtube.titleMax}) and tiktok (max ${platforms.tiktok.titleMax}).`,
} as const;
