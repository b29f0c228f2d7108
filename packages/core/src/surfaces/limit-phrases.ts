import { LEGACY_MCP_TOKEN_LIFETIME_MS } from '../identity/index.js';
import { ALLOWED_MEDIA_TYPES } from '../kernel/index.js';
import { DEFAULT_POLICY_CONFIG, formatBytes, mediaTypeName } from '../policy/index.js';
import { DUPLICATE_WINDOW_MS, MAX_MEDIA_ITEMS, RESTORE_WINDOW_MS } from '../posts/index.js';
import { WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_SECRET_OVERLAP_MS } from '../webhooks/index.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const SMALL_NUMBERS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
// A whole number in words up to ten, as prose reads ("three days"), else in digits.
const spelled = (n: number) => SMALL_NUMBERS[n] ?? String(n);
const thousands = new Intl.NumberFormat('en-US');
const platforms = DEFAULT_POLICY_CONFIG.platforms;

/**
 * The limits the surfaces state in prose (tool descriptions, the REST document, console pages),
 * worded from the constants and the default policy, so no text restates a number the service no
 * longer applies.
 */
export const LIMIT_PHRASES = {
  /** Most media one post names: `35`. */
  maxMediaItems: MAX_MEDIA_ITEMS,
  /** The service's caption cap: `2,200`. */
  captionMax: thousands.format(DEFAULT_POLICY_CONFIG.captionMax),
  /** The per-file size cap: `50 MB`. */
  maxFile: formatBytes(DEFAULT_POLICY_CONFIG.maxFileBytes),
  /** The media types accepted: `JPEG, PNG, WebP, GIF, MP4, MOV, WebM`. */
  mediaTypes: ALLOWED_MEDIA_TYPES.map(mediaTypeName).join(', '),
  /** How long a deleted post can be restored: `30 days`. */
  restoreWindow: `${Math.round(RESTORE_WINDOW_MS / DAY_MS)} days`,
  /** How long a repeat of the same content is refused: `48 hours`. */
  repeatWindow: `${Math.round(DUPLICATE_WINDOW_MS / HOUR_MS)} hours`,
  /** The title rule: `Required for youtube (max 100) and tiktok (max 150).` */
  titleRule: `Required for youtube (max ${platforms.youtube.titleMax}) and tiktok (max ${platforms.tiktok.titleMax}).`,
  /** How long a webhook fails before the service disables it: `three days`. */
  webhookDisableAfter: `${spelled(Math.round(WEBHOOK_DISABLE_AFTER_MS / DAY_MS))} days`,
  /** How long a rotated webhook secret keeps signing: `24 hours`. */
  webhookSecretOverlap: `${Math.round(WEBHOOK_SECRET_OVERLAP_MS / HOUR_MS)} hours`,
  /** How many hours an exchanged tool-endpoint token lasts: `24`. */
  legacyTokenHours: Math.round(LEGACY_MCP_TOKEN_LIFETIME_MS / HOUR_MS),
} as const;
