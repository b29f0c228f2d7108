import { graphError, type SandboxHttpError, serviceUnavailable } from './graph-error.js';
import type { SandboxPlatform } from './sandbox-publication.js';
import type { SandboxState } from './sandbox-state.js';

/** A caption holding this makes the publish call fail for good. */
export const FAIL_TAG = '#sandbox-fail';
/** A caption holding this makes the first publish call for that (account, caption) fail transiently. */
export const TRANSIENT_TAG = '#sandbox-transient';

/**
 * The failure a publish call must answer because of a tag in the caption, or null. A transient
 * failure is served once per (platform, account, caption) and changes nothing else, so the retry
 * publishes normally.
 */
export function injectedFailure(
  state: SandboxState,
  platform: SandboxPlatform,
  accountId: string,
  caption: string,
): SandboxHttpError | null {
  const text = caption.toLowerCase();
  if (text.includes(FAIL_TAG)) {
    return graphError(400, {
      code: 100,
      message: '(#100) The post was rejected by the sandbox (#sandbox-fail).',
      userTitle: 'Post rejected',
      userMessage: 'The post was rejected by the sandbox (#sandbox-fail).',
    });
  }
  const key = `${platform}\n${accountId}\n${caption}`;
  if (text.includes(TRANSIENT_TAG) && !state.transientSeen.has(key)) {
    state.transientSeen.add(key);
    return serviceUnavailable();
  }
  return null;
}
