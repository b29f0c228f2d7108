import { ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import type { Platform, SvcError } from '../../kernel/index.js';
import { accountEvent } from '../account-events.js';
import type { ConnectedAccount } from '../connected-account.js';

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
    (async () => {
      const existing = await deps.store.accounts.findAccount(
        input.ownerId,
        input.platform,
        input.platformAccountId,
      );
      const credentials = mergedCredentials(deps, input, existing);
      const account: ConnectedAccount = {
        id: existing?.id ?? deps.ids.id('acct'),
        ownerId: input.ownerId,
        platform: input.platform,
        platformAccountId: input.platformAccountId,
        handle: input.handle,
        profileUrl: input.profileUrl,
        profileImageUrl: input.profileImageUrl,
        followerCount: input.followerCount,
        status: 'active',
        needsReconnect: false,
        sealedCredentials: credentials === null ? null : deps.secretBox.seal(JSON.stringify(credentials)),
        tokenExpiresAt: input.tokenExpiresAt,
        connectedAt: now,
        updatedAt: now,
      };
      const event = accountEvent(
        existing === null ? 'account.connected' : 'account.reconnected',
        account,
        now,
      );
      return deps.store.accounts.saveAccount(account, [event]);
    })(),
  );
}

/**
 * The credentials to store: the new ones over the stored ones. Platforms often leave out a
 * refresh token on a repeated consent (Google does), so a reconnect must not drop the one we have.
 */
function mergedCredentials(
  deps: Pick<CoreDeps, 'secretBox'>,
  input: ConnectionInput,
  existing: ConnectedAccount | null,
): Readonly<Record<string, unknown>> | null {
  if (input.credentials === null) return null;
  if (existing?.sealedCredentials == null) return input.credentials;
  const stored = JSON.parse(deps.secretBox.open(existing.sealedCredentials)) as Record<string, unknown>;
  const fresh = Object.fromEntries(
    Object.entries(input.credentials).filter(([, v]) => v !== undefined && v !== null),
  );
  return { ...stored, ...fresh };
}
