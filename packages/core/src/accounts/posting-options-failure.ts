import type { SvcError } from '../kernel/index.js';

/**
 * What a person is told when a TikTok account's posting options could not be read: the refusal
 * (null for a fault that was thrown) in words that say what to do.
 */
export function postingOptionsFailure(error: SvcError | null): string {
  switch (error?.code) {
    case 'account_needs_reconnect':
      return 'TikTok no longer accepts the access to this account: reconnect it to read its posting options.';
    case 'creator_cannot_post':
      return error.message;
    default:
      return 'The posting options could not be read from TikTok right now. Reload the page in a minute.';
  }
}
