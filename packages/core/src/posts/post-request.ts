import { err, ok, type Result } from 'neverthrow';
import { z } from 'zod';
import {
  isPlatform,
  PLATFORMS,
  type Platform,
  parseIsoDateTime,
  type SvcError,
  svcError,
} from '../kernel/index.js';
import type { MediaRef } from '../media/index.js';
import { type PlatformMeta, platformMetaSchema } from '../policy/index.js';
import { type EvergreenRule, evergreenRuleSchema } from '../queue/index.js';
import { invalidScheduledTime } from './scheduled-time-errors.js';

/**
 * The idempotency keys of recycled copies start so (`evergreen:<post id>:<copy number>`): a
 * caller's own key may not, or it could take a copy's key before the copy is made.
 */
export const EVERGREEN_KEY_PREFIX = 'evergreen:';

/** Most slides any platform takes (TikTok photo sets); longer lists are refused while parsing. */
export const MAX_MEDIA_ITEMS = 35;

const httpUrl = z.url({ protocol: /^https?$/, error: 'Expected an http or https URL.' });

/** The post creation payload of spec 2.2, as it arrives (camelCase, optional fields may be null). */
export const postPayloadSchema = z.strictObject({
  platforms: z.array(z.string()).nullish(),
  profileIds: z.array(z.string().min(1)).max(100).nullish(),
  caption: z.string().nullish(),
  title: z.string().nullish(),
  mediaUrls: z.array(httpUrl).max(MAX_MEDIA_ITEMS).nullish(),
  mediaId: z.string().min(1).nullish(),
  mediaIds: z.array(z.string().min(1)).max(MAX_MEDIA_ITEMS).nullish(),
  scheduledTime: z.string().nullish(),
  externalId: z.string().min(1).max(255).nullish(),
  category: z.string().max(100).nullish(),
  platformMeta: platformMetaSchema.nullish(),
  /** Posts the same caption and media to an account again within 48 hours (refused otherwise). */
  allowDuplicate: z.boolean().nullish(),
  /** Each row takes its account's next free posting slot instead of a `scheduledTime` (docs/queue.md). */
  queue: z.boolean().nullish(),
  /** Copies of each row re-enter its account's queue by this rule (docs/queue.md, "Evergreen recycling"). */
  evergreen: evergreenRuleSchema.nullish(),
});

/** The post creation payload as it arrives. */
export type PostPayload = z.infer<typeof postPayloadSchema>;

/** A creation request after parsing: typed, de-duplicated, one media source. */
export type PostRequest = {
  readonly platforms: readonly Platform[];
  /** Explicit targets, or null to fan out to every visible active account of each platform. */
  readonly profileIds: readonly string[] | null;
  readonly caption: string;
  readonly title: string | null;
  /** Slides in order, all links or all assets. */
  readonly media: readonly MediaRef[];
  /** Null means the next publisher run. */
  readonly scheduledTime: Date | null;
  readonly externalId: string | null;
  readonly category: string | null;
  readonly platformMeta: PlatformMeta | null;
  /** The caller means to repeat a recent post of the same content (see refuseRepeats). */
  readonly allowDuplicate: boolean;
  /**
   * Each row takes its account's next free posting slot (docs/queue.md). Present only when asked
   * for, so the fingerprint of a request without it is what it was before the queue existed.
   */
  readonly queue?: true;
  /**
   * Each row's evergreen rule (docs/queue.md). Present only when asked for, so the fingerprint of
   * a request without it is what it was before recycling existed.
   */
  readonly evergreen?: EvergreenRule;
};

/**
 * Parses a creation payload into a PostRequest, with the spec's codes for the checks it can do
 * without the database or the clock: `missing_platforms`, `unsupported_platform`,
 * `invalid_scheduled_time`, `ambiguous_media`, and `validation_failed` for anything else
 * malformed, including unknown fields (a mistyped `scheduled_time` must not silently publish now).
 */
export function parsePostRequest(
  raw: unknown,
  options: { readonly requireScheduledTime: boolean },
): Result<PostRequest, SvcError> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return err(svcError('validation_failed', 'The request body must be a JSON object.'));
  }
  const platforms = parsePlatforms((raw as { platforms?: unknown }).platforms);
  if (platforms.isErr()) return err(platforms.error);

  const parsed = postPayloadSchema.safeParse(raw);
  if (!parsed.success) return err(shapeError(parsed.error));
  const payload = parsed.data;

  const queue = payload.queue === true;
  if (queue && payload.scheduledTime != null)
    return err(
      svcError(
        'validation_failed',
        "Send either queue: true (each post takes its account's next free slot) or a scheduledTime, not both.",
        { field: 'queue' },
      ),
    );
  let scheduledTime: Date | null = null;
  if (payload.scheduledTime != null) {
    scheduledTime = parseIsoDateTime(payload.scheduledTime);
    if (scheduledTime === null) {
      return err(
        invalidScheduledTime(
          'scheduledTime must be an ISO 8601 date-time with a time zone offset, for example 2026-12-01T09:30:00Z.',
        ),
      );
    }
  } else if (options.requireScheduledTime && !queue) {
    return err(
      invalidScheduledTime(
        'scheduledTime is required on this endpoint. Send a future ISO 8601 date-time, or use POST /api/v1/publish for the next run.',
      ),
    );
  }

  const media = parseMedia(payload);
  if (media.isErr()) return err(media.error);
  if (payload.externalId?.startsWith(EVERGREEN_KEY_PREFIX) === true)
    return err(
      svcError(
        'validation_failed',
        `externalId may not start with "${EVERGREEN_KEY_PREFIX}": the service keys its recycled copies so (docs/queue.md).`,
        { field: 'externalId' },
      ),
    );

  return ok({
    platforms: platforms.value,
    profileIds: payload.profileIds == null ? null : [...new Set(payload.profileIds)],
    caption: payload.caption ?? '',
    title: payload.title ?? null,
    media: media.value,
    scheduledTime,
    externalId: payload.externalId ?? null,
    category: payload.category ?? null,
    platformMeta: payload.platformMeta ?? null,
    allowDuplicate: payload.allowDuplicate === true,
    ...(queue ? { queue: true as const } : {}),
    ...(payload.evergreen == null
      ? {}
      : {
          evergreen: {
            everyDays: payload.evergreen.everyDays,
            maxTimes: payload.evergreen.maxTimes,
            onlyAboveMedian: payload.evergreen.onlyAboveMedian ?? false,
          },
        }),
  });
}

/** Reads the platform list with the spec's dedicated codes; keeps first-seen order, drops repeats. */
export function parsePlatforms(value: unknown): Result<Platform[], SvcError> {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
    return err(
      svcError(
        'missing_platforms',
        `platforms is required: a list of one or more of ${PLATFORMS.join(', ')}.`,
        {
          field: 'platforms',
        },
      ),
    );
  }
  if (!Array.isArray(value)) {
    return err(
      svcError('validation_failed', 'platforms must be a list, for example ["instagram"].', {
        field: 'platforms',
      }),
    );
  }
  const unknown = value.filter((p) => !isPlatform(p));
  if (unknown.length > 0) {
    return err(
      svcError(
        'unsupported_platform',
        `Unsupported platform ${unknown.map((p) => JSON.stringify(p)).join(', ')}. Supported: ${PLATFORMS.join(', ')}.`,
        { field: 'platforms', unsupported: unknown, supported: [...PLATFORMS] },
      ),
    );
  }
  return ok([...new Set(value as Platform[])]);
}

function parseMedia(payload: PostPayload): Result<MediaRef[], SvcError> {
  const urls = payload.mediaUrls ?? [];
  const ids = payload.mediaIds ?? [];
  const sources = [urls.length > 0, payload.mediaId != null, ids.length > 0].filter(Boolean).length;
  if (sources > 1) {
    return err(
      svcError(
        'ambiguous_media',
        'Send media one way only: mediaUrls, mediaId or mediaIds. Mixing them leaves the slide order undefined.',
        { field: 'mediaIds' },
      ),
    );
  }
  if (urls.length > 0) return ok(urls.map((url) => ({ kind: 'link', url })));
  const assetIds = payload.mediaId != null ? [payload.mediaId] : ids;
  return ok(assetIds.map((mediaId) => ({ kind: 'asset', mediaId })));
}

function shapeError(error: z.ZodError): SvcError {
  const issue = error.issues[0];
  if (issue === undefined) return svcError('validation_failed', 'The request body is not valid.');
  const field = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const hints = issue.keys.map((key) => {
      const camel = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      return camel !== key && camel in postPayloadSchema.shape ? `${key} (did you mean ${camel}?)` : key;
    });
    const where = field === '' ? '' : ` in ${field}`;
    return svcError(
      'validation_failed',
      `Unknown field${hints.length > 1 ? 's' : ''}${where}: ${hints.join(', ')}.`,
      {
        field: field === '' ? (issue.keys[0] ?? '') : field,
        unknownFields: issue.keys,
      },
    );
  }
  return svcError('validation_failed', `${field === '' ? 'Body' : field}: ${issue.message}`, {
    field,
    issues: error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message })),
  });
}
