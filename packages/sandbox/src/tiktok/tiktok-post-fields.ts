import { FAIL_TAG, TRANSIENT_TAG } from '../shared/failure-injection.js';
import { type JsonObject, parseJsonObject } from '../shared/json-object.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';
import type { TikTokCreator } from './tiktok-creators.js';
import { tiktokError } from './tiktok-error.js';
import { postsCountedToday } from './tiktok-publishes.js';
import type { TikTokPostLabels } from './tiktok-state.js';

const invalid = (message: string) => tiktokError(400, 'invalid_params', message);

/**
 * The JSON object in body field `name` (the router re-encodes nested JSON values as text), or
 * undefined when absent and not `required`. A body that is not JSON has no such field.
 */
export function objectField(r: SandboxRequest, name: string, required: boolean): JsonObject | undefined {
  const raw = r.input.get(name);
  if (raw === undefined) {
    if (required) throw invalid(`${name} is required (send the body as application/json).`);
    return undefined;
  }
  const value = parseJsonObject(raw);
  if (value === null) throw invalid(`${name} must be a JSON object.`);
  return value;
}

/** A string property, '' when absent; `invalid_params` when it is not a string or longer than `max` UTF-16 units. */
export function textProp(object: JsonObject | undefined, name: string, max: number): string {
  const value = object?.[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw invalid(`${name} must be a string.`);
  // TikTok counts UTF-16 code units, which is what String#length counts.
  if (value.length > max) {
    throw invalid(`${name} is ${value.length} UTF-16 code units long; at most ${max} are allowed.`);
  }
  return value;
}

/** A boolean property, `false` when absent. */
function flagProp(object: JsonObject | undefined, name: string): boolean {
  const value = object?.[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw invalid(`${name} must be a boolean.`);
  return value;
}

/** A non-negative integer property, or `fallback` when absent. */
export function countProp(object: JsonObject | undefined, name: string, fallback: number): number {
  const value = object?.[name];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalid(`${name} must be a non-negative integer.`);
  }
  return value;
}

/** An http(s) link, or `invalid_params` naming `what`. */
export function linkValue(value: unknown, what: string): string {
  if (typeof value === 'string') {
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') return value;
    } catch {
      // Refused below.
    }
  }
  throw invalid(`${what} must be an http(s) URL.`);
}

/**
 * PULL_FROM_URL links must start with a domain or URL prefix the app verified in the developer
 * portal (media-transfer guide); any other is refused before anything is created, as TikTok does.
 */
function checkUrlOwnership(ctx: SandboxContext, links: readonly string[]): void {
  const { verifiedPrefixes } = ctx.state.settings.tiktok;
  const unverified = links.find((link) => !verifiedPrefixes.some((prefix) => link.startsWith(prefix)));
  if (unverified !== undefined) {
    throw tiktokError(
      403,
      'url_ownership_unverified',
      `The domain or URL prefix of ${unverified} is not verified for this client.`,
    );
  }
}

/** `privacy_level`, which must be one of the creator's options. */
function privacyLevelOf(postInfo: JsonObject | undefined, creator: TikTokCreator): string {
  const level = postInfo?.privacy_level;
  if (typeof level !== 'string' || level === '') throw invalid('post_info.privacy_level is required.');
  if (!creator.privacyLevelOptions.includes(level)) {
    throw tiktokError(
      400,
      'privacy_level_option_mismatch',
      `privacy_level ${level} is not among the creator's options (${creator.privacyLevelOptions.join(', ')}); ` +
        'query creator_info again.',
    );
  }
  return level;
}

/**
 * Branded content (`brand_content_toggle`, a paid partnership) cannot be private: refused with
 * SELF_ONLY, except in inbox mode (`MEDIA_UPLOAD`), where the creator sets the privacy in the app.
 */
function checkBrandedContent(postInfo: JsonObject | undefined, privacyLevel: string, inbox: boolean): void {
  if (flagProp(postInfo, 'brand_content_toggle') && privacyLevel === 'SELF_ONLY' && !inbox) {
    throw invalid('Branded content cannot be posted with privacy_level SELF_ONLY.');
  }
}

/**
 * Interactions the creator turned off must stay off: TikTok's posting guidelines oblige apps to
 * send them as disabled, and the sandbox holds adapters to that.
 */
function checkInteractions(
  creator: TikTokCreator,
  postInfo: JsonObject | undefined,
  names: readonly ('comment' | 'duet' | 'stitch')[],
): void {
  const off = {
    comment: creator.commentDisabled,
    duet: creator.duetDisabled,
    stitch: creator.stitchDisabled,
  };
  for (const name of names) {
    if (off[name] && !flagProp(postInfo, `disable_${name}`)) {
      throw invalid(`The creator turned ${name}s off in the app: disable_${name} must be true.`);
    }
  }
}

/**
 * The caption tags: `#sandbox-transient` answers 500 `internal_error` once per (creator, text)
 * and changes nothing; `#sandbox-fail` makes the publish end FAILED with `spam_risk_text`.
 * Returns the fail reason to store.
 */
function injectedTikTokFailure(ctx: SandboxContext, openId: string, text: string): string | null {
  const lower = text.toLowerCase();
  const key = `tiktok\n${openId}\n${text}`;
  if (lower.includes(TRANSIENT_TAG) && !ctx.state.transientSeen.has(key)) {
    ctx.state.transientSeen.add(key);
    throw tiktokError(500, 'internal_error', 'Something went wrong. Please try again later.');
  }
  return lower.includes(FAIL_TAG) ? 'spam_risk_text' : null;
}

/** Refuses with `spam_risk_too_many_posts` when the creator reached the daily cap. */
function checkDailyCap(ctx: SandboxContext, openId: string): void {
  const cap = ctx.state.settings.quotas.tiktok;
  if (postsCountedToday(ctx, openId) >= cap) {
    throw tiktokError(
      403,
      'spam_risk_too_many_posts',
      `The daily post cap from the current user has been reached (${cap} posts in 24 hours).`,
    );
  }
}

/**
 * The post's privacy level (`SELF_ONLY` in inbox mode, where the creator sets it in the app) once
 * `post_info` passes the creator's options: its interactions, its boolean `flags` and integer
 * `counts`, then branded content.
 */
export function postPrivacyOf(
  creator: TikTokCreator,
  postInfo: JsonObject | undefined,
  spec: {
    readonly inbox: boolean;
    readonly interactions: readonly ('comment' | 'duet' | 'stitch')[];
    readonly flags: readonly string[];
    readonly counts: readonly string[];
  },
): string {
  const privacyLevel = spec.inbox ? 'SELF_ONLY' : privacyLevelOf(postInfo, creator);
  if (!spec.inbox) checkInteractions(creator, postInfo, spec.interactions);
  for (const name of spec.flags) flagProp(postInfo, name);
  for (const name of spec.counts) countProp(postInfo, name, 0);
  checkBrandedContent(postInfo, privacyLevel, spec.inbox);
  return privacyLevel;
}

/** The labels of a `post_info` that passed `postPrivacyOf`; `is_aigc` exists on videos only. */
export function postLabelsOf(postInfo: JsonObject | undefined, video: boolean): TikTokPostLabels {
  return {
    brandContentToggle: flagProp(postInfo, 'brand_content_toggle'),
    brandOrganicToggle: flagProp(postInfo, 'brand_organic_toggle'),
    isAigc: video && flagProp(postInfo, 'is_aigc'),
  };
}

/**
 * The last checks before a publish is made, the same for photos and videos: links to pull must
 * be verified, the caption's injected failure comes next (its fail reason is returned), then the
 * daily cap, which inbox uploads do not count against.
 */
export function admitPublish(
  ctx: SandboxContext,
  openId: string,
  publish: { readonly caption: string; readonly links: readonly string[]; readonly inbox: boolean },
): string | null {
  checkUrlOwnership(ctx, publish.links);
  const failReason = injectedTikTokFailure(ctx, openId, publish.caption);
  if (!publish.inbox) checkDailyCap(ctx, openId);
  return failReason;
}

/** The time after which an upload_url stops working: one hour after init. */
export function uploadExpiry(ctx: SandboxContext): number {
  return nowOf(ctx) + 60 * 60_000;
}
