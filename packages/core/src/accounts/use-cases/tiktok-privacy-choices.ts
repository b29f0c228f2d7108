import type { Actor } from '../../identity/index.js';
import { TIKTOK_FALLBACK_PRIVACY_LEVELS } from '../../policy/index.js';
import type { ConnectedAccount } from '../connected-account.js';
import type { PostingOptions } from '../ports/platform-gateway.js';
import { getPostingOptions } from './get-posting-options.js';

/** What a compose form offers for TikTok, read from the caller's first TikTok account. */
export type TikTokPrivacyChoices = {
  /** None when no TikTok account is among the caller's. */
  readonly levels: readonly string[];
  /**
   * The creator's live options (interactions turned off, longest video), to grey the switches
   * TikTok's guidelines say must follow them; null when they could not be read.
   */
  readonly options: PostingOptions | null;
  /** TikTok's posting-limit message when creator_info says the creator cannot post now; else null. */
  readonly postingLimit: string | null;
  /** What the platform call threw (the form still opens with the fallback); null when it did not throw. */
  readonly fault: { readonly accountId: string; readonly error: unknown } | null;
};

/**
 * TikTok's guidelines: when creator_info says the creator cannot make more posts now, the app
 * stops and tells the person to try again later. A scheduled post is kept: the publisher asks
 * TikTok again before posting and waits while the creator cannot post.
 */
export function postingLimitMessage(refusal: string): string {
  return `${refusal} Try again later: a scheduled post waits, and TikTok is asked again before it is published.`;
}

const NONE: TikTokPrivacyChoices = { levels: [], options: null, postingLimit: null, fault: null };

/**
 * The TikTok privacy levels to offer for the caller's first TikTok account, read live as the spec
 * asks: what this creator may post with today. When they cannot be read (the platform is away, the
 * tokens unreadable), the one level every creator has; scheduling checks the creator's options again.
 */
export async function tiktokPrivacyChoices(
  deps: Parameters<typeof getPostingOptions>[0],
  actor: Actor,
  accounts: readonly ConnectedAccount[],
): Promise<TikTokPrivacyChoices> {
  const tiktok = accounts.find((a) => a.platform === 'tiktok');
  if (tiktok === undefined) return NONE;
  const fallback = { ...NONE, levels: TIKTOK_FALLBACK_PRIVACY_LEVELS };
  try {
    const read = await getPostingOptions(deps, actor, tiktok.id);
    if (read.isOk()) return { ...NONE, levels: read.value.privacyLevels, options: read.value };
    const limit = read.error.code === 'creator_cannot_post' ? postingLimitMessage(read.error.message) : null;
    return { ...fallback, postingLimit: limit };
  } catch (error) {
    return { ...fallback, fault: { accountId: tiktok.id, error } };
  }
}
