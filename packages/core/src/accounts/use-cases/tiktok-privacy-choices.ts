import type { Actor } from '../../identity/index.js';
import { TIKTOK_FALLBACK_PRIVACY_LEVELS } from '../../policy/index.js';
import type { ConnectedAccount } from '../connected-account.js';
import { getPostingOptions } from './get-posting-options.js';

/** The privacy levels a compose form offers, and the fault when the creator's options could not be read. */
export type TikTokPrivacyChoices = {
  /** None when no TikTok account is among the caller's. */
  readonly levels: readonly string[];
  /** What the platform call threw (the form still opens with the fallback); null when it did not throw. */
  readonly fault: { readonly accountId: string; readonly error: unknown } | null;
};

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
  if (tiktok === undefined) return { levels: [], fault: null };
  try {
    const options = await getPostingOptions(deps, actor, tiktok.id);
    return {
      levels: options.isOk() ? options.value.privacyLevels : TIKTOK_FALLBACK_PRIVACY_LEVELS,
      fault: null,
    };
  } catch (error) {
    return { levels: TIKTOK_FALLBACK_PRIVACY_LEVELS, fault: { accountId: tiktok.id, error } };
  }
}
