import { isPhotoPost, type PolicySlide } from './normalize-policy-input.js';
import { policyError } from './policy-issue.js';
import type { PolicyIssue } from './policy-types.js';
import { TIKTOK_PRIVACY_LEVELS } from './tiktok-privacy-levels.js';

const META = 'platformMeta.tiktok';
const LEVELS = TIKTOK_PRIVACY_LEVELS.join(', ');

/**
 * TikTok settings of spec 2.3 and issue 37: a known privacy level, complete commercial disclosure,
 * public branded content, and the AI-generated label on videos only.
 */
export function checkTiktokMeta(
  meta: Readonly<Record<string, unknown>> | null,
  media: readonly PolicySlide[] = [],
): PolicyIssue[] {
  const issues: PolicyIssue[] = [];
  const level = meta?.privacyLevel;
  if (level === undefined || level === null || (typeof level === 'string' && level.trim() === '')) {
    issues.push(
      policyError(
        'privacy_level_required',
        'tiktok',
        `${META}.privacyLevel`,
        `TikTok needs ${META}.privacyLevel: set one of ${LEVELS}. Which of them the creator may use is checked when the post is scheduled (see svc_get_tiktok_posting_options).`,
      ),
    );
  } else if (typeof level !== 'string' || !(TIKTOK_PRIVACY_LEVELS as readonly string[]).includes(level)) {
    const upper = typeof level === 'string' ? level.trim().toUpperCase() : '';
    const hint = (TIKTOK_PRIVACY_LEVELS as readonly string[]).includes(upper)
      ? ` Did you mean ${upper}?`
      : '';
    issues.push(
      policyError(
        'invalid_privacy_level',
        'tiktok',
        `${META}.privacyLevel`,
        `${describe(level)} is not a TikTok privacy level. Use one of ${LEVELS}.${hint} Each creator allows only some of them; that is checked when the post is scheduled.`,
      ),
    );
  }
  if (
    meta?.commercialContentDisclosure === true &&
    meta.brandOrganicOptIn !== true &&
    meta.brandContentOptIn !== true
  ) {
    issues.push(
      policyError(
        'commercial_disclosure_incomplete',
        'tiktok',
        `${META}.commercialContentDisclosure`,
        'commercialContentDisclosure is on, so TikTok needs to know whom the post promotes: set brandOrganicOptIn (your own brand), brandContentOptIn (a paid partnership) or both to true, or turn the disclosure off.',
      ),
    );
  }
  if (meta?.brandContentOptIn === true && level === 'SELF_ONLY') {
    issues.push(
      policyError(
        'branded_content_private',
        'tiktok',
        `${META}.privacyLevel`,
        'TikTok does not allow branded content (brandContentOptIn) to be private: choose a privacy level other than SELF_ONLY, or turn brandContentOptIn off.',
      ),
    );
  }
  issues.push(...checkAigc(meta, media));
  return issues;
}

// `is_aigc` exists in video/init's post_info only (TikTok's photo content/init has no such
// field): the label is refused on a photo post rather than dropped without a word.
function checkAigc(
  meta: Readonly<Record<string, unknown>> | null,
  media: readonly PolicySlide[],
): PolicyIssue[] {
  const value = meta?.isAigc;
  if (value === undefined || value === null) return [];
  if (typeof value !== 'boolean') {
    return [
      policyError('invalid_tiktok_option', 'tiktok', `${META}.isAigc`, 'isAigc must be true or false.'),
    ];
  }
  if (value && isPhotoPost(media)) {
    return [
      policyError(
        'invalid_tiktok_option',
        'tiktok',
        `${META}.isAigc`,
        'TikTok labels AI-generated content on videos only: its photo posts take no such label through the API. Post a video, or remove isAigc.',
      ),
    ];
  }
  return [];
}

function describe(value: unknown): string {
  if (typeof value !== 'string') return `A value of type ${typeof value}`;
  const chars = [...value];
  return JSON.stringify(chars.length > 40 ? `${chars.slice(0, 39).join('')}…` : value);
}
