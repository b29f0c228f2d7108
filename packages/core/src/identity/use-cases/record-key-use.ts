import type { CoreDeps } from '../../deps/index.js';
import type { ApiKey } from '../api-key.js';
import { decideLastUse } from '../decide-last-use.js';

/** Told when a credential's last use could not be written (the call goes on); never a secret. */
export type LastUseFault = (fault: { readonly credentialId: string; readonly error: unknown }) => void;

/**
 * Records that `key` authenticated a call at `now`, at most once a minute (decideLastUse). A
 * failed write is reported to `onFault` and swallowed: the time shown is a convenience, never a
 * reason to refuse a call the key may make.
 */
export async function recordKeyUse(
  deps: Pick<CoreDeps, 'store'>,
  key: ApiKey,
  now: Date,
  onFault: LastUseFault = () => {},
): Promise<void> {
  const use = decideLastUse(key.lastUsedAt, now);
  if (use === null) return;
  try {
    await deps.store.apiKeys.recordApiKeyUse(key.id, use.at, use.unlessSince);
  } catch (error) {
    onFault({ credentialId: key.id, error });
  }
}
