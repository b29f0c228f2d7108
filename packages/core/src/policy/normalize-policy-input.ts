import { isImageType, isPlatform, isVideoType, type Platform } from '../kernel/index.js';
import type { PolicyInput } from './policy-types.js';

/** What a slide is, as far as its content type tells. */
export type SlideKind = 'image' | 'video' | 'unknown';

/** One slide with every unknown or unusable fact turned into null. */
export type PolicySlide = {
  /** Position in the payload, 0-based (the `media[i]` of issue fields). */
  readonly index: number;
  /** Lower-cased MIME type without parameters; null when unknown. */
  readonly contentType: string | null;
  readonly kind: SlideKind;
  readonly sizeBytes: number | null;
  readonly width: number | null;
  readonly height: number | null;
  readonly durationMs: number | null;
};

/** A PolicyInput made safe to read: strings are strings, numbers finite, lists lists. */
export type NormalizedPost = {
  readonly caption: string;
  readonly title: string;
  /** Platform identifiers exactly as given (may hold anything). */
  readonly givenPlatforms: readonly unknown[];
  /** The supported platforms among them, each once, in the order given. */
  readonly platforms: readonly Platform[];
  readonly media: readonly PolicySlide[];
  readonly hashtags: readonly string[];
  /** `platformMeta.tiktok` when it is an object. */
  readonly tiktokMeta: Readonly<Record<string, unknown>> | null;
  /** `platformMeta` when it is an object (each platform's entry read by its own check). */
  readonly platformMeta: Readonly<Record<string, unknown>> | null;
  /** `platformMeta.youtube` when it is an object. */
  readonly youtubeMeta: Readonly<Record<string, unknown>> | null;
  /** `platformMeta.threads` when it is an object. */
  readonly threadsMeta: Readonly<Record<string, unknown>> | null;
};

type Loose = Readonly<Record<string, unknown>>;

/** What a slide of this (normalized) content type is; null or unusual types are `unknown`. */
export function slideKindOf(contentType: string | null): SlideKind {
  if (contentType === null) return 'unknown';
  if (isImageType(contentType)) return 'image';
  return isVideoType(contentType) ? 'video' : 'unknown';
}

/** Media present and every slide a known image: TikTok then publishes a photo post. */
export function isPhotoPost(media: readonly Pick<PolicySlide, 'kind'>[]): boolean {
  return media.length > 0 && media.every((s) => s.kind === 'image');
}

/** Reads a PolicyInput defensively: the policy must never throw, whatever a caller sends. */
export function normalizePolicyInput(input: PolicyInput): NormalizedPost {
  const raw = asRecord(input) ?? {};
  const givenPlatforms = Array.isArray(raw.platforms) ? Array.from(raw.platforms as readonly unknown[]) : [];
  const platforms = [...new Set(givenPlatforms.filter(isPlatform))];
  const media = Array.isArray(raw.media) ? Array.from(raw.media as readonly unknown[], toSlide) : [];
  const hashtags = Array.isArray(raw.hashtags)
    ? (raw.hashtags as readonly unknown[]).filter((h): h is string => typeof h === 'string')
    : [];
  return {
    caption: typeof raw.caption === 'string' ? raw.caption : '',
    title: typeof raw.title === 'string' ? raw.title : '',
    givenPlatforms,
    platforms,
    media,
    hashtags,
    tiktokMeta: asRecord(asRecord(raw.platformMeta)?.tiktok),
    platformMeta: asRecord(raw.platformMeta),
    youtubeMeta: asRecord(asRecord(raw.platformMeta)?.youtube),
    threadsMeta: asRecord(asRecord(raw.platformMeta)?.threads),
  };
}

function toSlide(value: unknown, index: number): PolicySlide {
  const raw = asRecord(value) ?? {};
  const contentType = normalizeContentType(raw.contentType);
  return {
    index,
    contentType,
    kind: slideKindOf(contentType),
    sizeBytes: nonNegative(raw.sizeBytes),
    width: positive(raw.width),
    height: positive(raw.height),
    durationMs: nonNegative(raw.durationMs),
  };
}

/** A content type lower-cased without parameters (`image/jpg` read as `image/jpeg`); null when there is none. */
export function normalizeContentType(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const type = (value.split(';')[0] ?? '').trim().toLowerCase();
  if (type === '') return null;
  // A common misspelling of image/jpeg in hand-written payloads.
  return type === 'image/jpg' ? 'image/jpeg' : type;
}

function nonNegative(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

function positive(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

function asRecord(value: unknown): Loose | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : null;
}
