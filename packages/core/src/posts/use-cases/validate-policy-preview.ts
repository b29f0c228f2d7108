import {
  type PlatformMeta,
  type PolicyConfig,
  type PolicyResult,
  validatePostPolicy,
} from '../../policy/index.js';

/**
 * A planned post as REST (`POST /api/v1/validate`) and the tool `svc_validate_post_policy` take it:
 * no file exists yet, so the media are only a count.
 */
export type PolicyPreview = {
  readonly caption: string;
  readonly platforms: readonly string[];
  readonly title?: string | null | undefined;
  readonly mediaUrlsCount?: number | null | undefined;
  readonly hashtags?: readonly string[] | null | undefined;
  readonly platformMeta?: Readonly<Record<string, unknown>> | null | undefined;
};

/** The offline policy check of a planned post: each counted slide is a slide of unknown facts. */
export function validatePolicyPreview(preview: PolicyPreview, config: PolicyConfig): PolicyResult {
  return validatePostPolicy(
    {
      caption: preview.caption,
      title: preview.title ?? null,
      platforms: preview.platforms,
      media: Array.from({ length: preview.mediaUrlsCount ?? 0 }, () => ({})),
      hashtags: preview.hashtags ?? [],
      // The policy reads platformMeta defensively (normalizePolicyInput), whatever its shape.
      platformMeta: (preview.platformMeta ?? null) as PlatformMeta | null,
    },
    config,
  );
}
