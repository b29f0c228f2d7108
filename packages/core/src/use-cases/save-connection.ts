import { ResultAsync } from 'neverthrow';
import type { ConnectedAccount } from '../domain/connected-account.js';
import type { Platform } from '../domain/platform.js';
import type { SvcError } from '../domain/svc-error.js';
import type { CoreDeps } from './core-deps.js';

/** A platform account as a connection flow (OAuth, or the sandbox) found it. */
export type ConnectionInput = {
  readonly ownerId: string;
  readonly platform: Platform;
  readonly platformAccountId: string;
  readonly handle: string;
  readonly profileUrl: string;
  readonly profileImageUrl: string | null;
  readonly followerCount: number | null;
  /** Platform tokens; sealed before they are stored. Null keeps the stored ones on a reconnect. */
  readonly credentials: Readonly<Record<string, unknown>> | null;
  readonly tokenExpiresAt: Date | null;
};

/**
 * Stores a connected account. Connecting the same platform account again updates it (same id,
 * fresh profile, active, no longer needing a reconnect) and never drops stored tokens that the
 * new connection did not replace. Tokens are encrypted with the SecretBox before they are stored.
 */
export function saveConnection(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'secretBox'>,
  input: ConnectionInput,
): ResultAsync<ConnectedAccount, SvcError> {
  const now = deps.clock.now();
  return ResultAsync.fromSafePromise(
    deps.store.accounts.saveAccount({
      id: deps.ids.id('acct'),
      ownerId: input.ownerId,
      platform: input.platform,
      platformAccountId: input.platformAccountId,
      handle: input.handle,
      profileUrl: input.profileUrl,
      profileImageUrl: input.profileImageUrl,
      followerCount: input.followerCount,
      status: 'active',
      needsReconnect: false,
      sealedCredentials:
        input.credentials === null ? null : deps.secretBox.seal(JSON.stringify(input.credentials)),
      tokenExpiresAt: input.tokenExpiresAt,
      connectedAt: now,
      updatedAt: now,
    }),
  );
}
