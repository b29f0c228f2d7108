// @svc/core/kernel — The shared kernel: errors, ids, time, platform names and post statuses. It imports no area.
// This file is the area's contract: other areas and packages import only what it exports.
export { canonicalJson } from './canonical-json.js';
export { CAPTION_PREVIEW_LENGTH, captionPreview } from './caption-preview.js';
export { type CheckFinding, type CheckLevel, checkFinding } from './check-finding.js';
export type { Clock } from './clock.js';
export { escapeHtml } from './escape-html.js';
export type { IdGenerator, IdPrefix } from './id-generator.js';
export { parseIsoDateTime } from './iso-date-time.js';
export type { LeaseClaim } from './lease-claim.js';
export {
  decodeListCursor,
  encodeListCursor,
  type ListCursor,
  type ListPageRequest,
  listCursorOf,
} from './list-cursor.js';
export {
  formatLocalDate,
  formatLocalDateTime,
  instantToLocal,
  type LocalDateTime,
  localToInstant,
  parseLocalDateTime,
} from './local-time.js';
export { createLocalWakeups, type LocalWakeups } from './local-wakeups.js';
export { isLoopbackHost } from './loopback-host.js';
export { ALLOWED_MEDIA_TYPES, type AllowedMediaType, isImageType, isVideoType } from './media-types.js';
export {
  isPlatform,
  PLATFORM_INITIALS,
  PLATFORM_NAMES,
  PLATFORMS,
  type Platform,
  platformSchema,
} from './platform.js';
export {
  OUTGOING_POST_STATUSES,
  POST_STATUSES,
  type PostStatus,
  PUBLIC_POST_STATUSES,
  type PublicPostStatus,
  publicStatus,
} from './post-status.js';
export type { SecretBox } from './secret-box.js';
export {
  type SecretMatcher,
  type SecretToken,
  type SecretTokenKind,
  type SecretTokenParts,
  secretToken,
} from './secret-token.js';
export {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE,
  isStoreUnavailable,
  StoreUnavailableError,
} from './store-unavailable.js';
export {
  ERROR_CODES,
  type ErrorCode,
  isSvcError,
  POLICY_ERROR_CODES,
  type SvcError,
  schemaIssues,
  svcError,
  TARGET_ERROR_CODES,
} from './svc-error.js';
export {
  isTimeZone,
  localDateOf,
  localDayOf,
  localTimeOn,
  localWeekdayHour,
  type OffsetRange,
  offsetMinutesAt,
  offsetRanges,
  startOfLocalDay,
} from './time-zone.js';
export {
  type AsyncTx,
  runScript,
  runScriptAsync,
  type ScriptCall,
  type ScriptSteps,
  scriptSteps,
  type TxScript,
} from './transaction-script.js';
export { formatUlid } from './ulid.js';
export { WAKEUP_TOPICS, type Wakeups, type WakeupTopic } from './wakeups.js';
