import { type ConnectedAccount, type TikTokPrivacyChoices, tiktokPrivacyChoices } from '@svc/core';
import type { SignedContext } from '../console-context.js';

/**
 * The TikTok privacy levels Compose offers: the creators' own live choices. A creator whose
 * options could not be read is logged and offers none (the person cannot pick a level TikTok
 * might refuse).
 */
export async function privacyChoices(
  c: SignedContext,
  accounts: readonly ConnectedAccount[],
): Promise<TikTokPrivacyChoices> {
  const choices = await tiktokPrivacyChoices(c.deps.core, c.actor, accounts);
  if (choices.fault !== null) {
    const { accountId, error } = choices.fault;
    c.deps.logger.warn(
      { accountId, err: error instanceof Error ? error.name : 'unknown' },
      'TikTok posting options could not be read',
    );
  }
  return choices;
}
