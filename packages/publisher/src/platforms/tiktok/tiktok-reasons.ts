/**
 * What a person should do about TikTok's refusals: error codes of the API (platforms.md 2.4) and
 * the `fail_reason` values a publish can end with. Codes that only some causes share get the
 * platform's own message appended by the callers.
 */
const CODE_ADVICE: Readonly<Record<string, string>> = {
  spam_risk_user_banned_from_posting:
    'TikTok has banned this account from making new posts; the creator must resolve it in the TikTok app.',
  spam_risk_text: 'TikTok flagged the caption as spam: change the text and schedule the post again.',
  spam_risk:
    'TikTok flagged the post as a spam risk: change it, or wait a while before posting from this account again.',
  reached_active_user_cap:
    "TikTok's daily limit of creators posting through this app is reached (apps TikTok has not audited may post for only a few creators a day); have the app audited to lift it.",
  unaudited_client_can_only_post_to_private_accounts:
    'TikTok has not audited this app yet, so it may post only to private accounts: make the account private in the TikTok app and post as SELF_ONLY, or have the app audited.',
  url_ownership_unverified:
    "TikTok refused to fetch the media: the domain of the service's media links must be verified in the TikTok developer portal.",
  privacy_level_option_mismatch:
    'The privacy level is not one the creator may use now: read the posting options again (svc_get_tiktok_posting_options) and pick one of them.',
  spam_risk_too_many_posts: "The account reached TikTok's daily limit of posts through apps.",
  spam_risk_too_many_pending_share:
    "The account reached TikTok's limit of drafts waiting in its inbox (5 a day); the creator must post or delete them in the TikTok app.",
};

const FAIL_ADVICE: Readonly<Record<string, string>> = {
  file_format_check_failed:
    'TikTok could not read the media format: send an MP4, MOV or WebM video, or JPEG or WebP photos.',
  duration_check_failed:
    "The video's length is outside what TikTok accepts for this creator (about 3 seconds up to the creator's maximum).",
  frame_rate_check_failed: 'TikTok refused the frame rate: videos need 23 to 60 frames per second.',
  picture_size_check_failed:
    'TikTok refused the picture size: each side must be 360 to 4096 pixels, photos at most 1080p.',
  video_pull_failed:
    "TikTok could not download the video from the service's link; check that the link works from the internet.",
  photo_pull_failed:
    "TikTok could not download a photo from the service's links; check that the links work from the internet and that their domain is verified with TikTok.",
  internal: 'TikTok had an internal error while processing the post; schedule it again.',
  publish_cancelled: 'The publish was cancelled on TikTok.',
  auth_removed: 'The creator removed the access of this app in TikTok.',
};

/** The advice for an error code, or null when TikTok's message is all there is. */
export function tiktokCodeAdvice(code: string): string | null {
  return CODE_ADVICE[code] ?? null;
}

/** A readable reason for a publish that ended FAILED with `failReason`. */
export function tiktokFailReason(failReason: string | undefined): string {
  if (failReason === undefined || failReason === '') {
    return 'TikTok could not publish the post and gave no reason; check the TikTok app before scheduling it again.';
  }
  const advice = FAIL_ADVICE[failReason] ?? CODE_ADVICE[failReason];
  return advice === undefined
    ? `TikTok could not publish the post (${failReason}); check the media and the caption, then schedule it again.`
    : `${advice} (TikTok: ${failReason})`;
}
