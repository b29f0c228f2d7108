import { isPhotoPost, normalizeContentType, slideKindOf } from './normalize-policy-input.js';

// Free of zod on purpose: Compose's browser script shows these sentences as the person ticks.

/**
 * The sentences TikTok's Content Sharing Guidelines require next to the commercial content
 * disclosure, in their wording: the label the post will carry, and the consent said before
 * posting (the Branded Content Policy joins it when the post is a paid partnership).
 */
export const TIKTOK_DISCLOSURE_WORDING = {
  /** The disclosure is on but says no one: TikTok's hint, and the post cannot go out. */
  chooseWhom: 'You need to indicate if your content promotes yourself, a third party, or both.',
  /** "Your brand" only. */
  promotional: (kind: TikTokContentKind) => `Your ${kind} will be labeled as 'Promotional content'.`,
  /** "Branded content", alone or with "Your brand". */
  paidPartnership: (kind: TikTokContentKind) => `Your ${kind} will be labeled as 'Paid partnership'.`,
  /** Branded content cannot be private: SELF_ONLY is not offered with it. */
  notPrivate: 'Branded content visibility cannot be set to private.',
  consent: "By posting, you agree to TikTok's Music Usage Confirmation.",
  brandedConsent: "By posting, you agree to TikTok's Branded Content Policy and Music Usage Confirmation.",
} as const;

/** What TikTok's sentences call the post. */
export type TikTokContentKind = 'video' | 'photo';

/** What TikTok's sentences call a post of files of these content types: photos for a photo post. */
export function tiktokContentKind(contentTypes: readonly string[]): TikTokContentKind {
  return isPhotoPost(contentTypes.map((type) => ({ kind: slideKindOf(normalizeContentType(type)) })))
    ? 'photo'
    : 'video';
}

/** The disclosure settings of `platformMeta.tiktok` the sentences depend on. */
export type TikTokDisclosureChoice = {
  readonly commercialContentDisclosure?: unknown;
  readonly brandOrganicOptIn?: unknown;
  readonly brandContentOptIn?: unknown;
};

/** What Compose and the tools say for a choice: the label (null when none) and the consent sentence. */
export function tiktokDisclosureSentences(
  choice: TikTokDisclosureChoice,
  kind: TikTokContentKind,
): { readonly label: string | null; readonly consent: string } {
  const disclosed = choice.commercialContentDisclosure === true;
  const branded = disclosed && choice.brandContentOptIn === true;
  const own = disclosed && choice.brandOrganicOptIn === true;
  const label = branded
    ? TIKTOK_DISCLOSURE_WORDING.paidPartnership(kind)
    : own
      ? TIKTOK_DISCLOSURE_WORDING.promotional(kind)
      : disclosed
        ? TIKTOK_DISCLOSURE_WORDING.chooseWhom
        : null;
  return {
    label,
    consent: branded ? TIKTOK_DISCLOSURE_WORDING.brandedConsent : TIKTOK_DISCLOSURE_WORDING.consent,
  };
}
