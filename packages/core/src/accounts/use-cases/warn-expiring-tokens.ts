import type { CoreDeps } from '../../deps/index.js';
import { isStoreUnavailable, PLATFORMS } from '../../kernel/index.js';
import { tokenExpiringEvent } from '../account-events.js';
import type { ConnectedAccount } from '../connected-account.js';
import type { AccountGateway } from '../ports/platform-gateway.js';
import { refreshAccountTokens } from './refresh-account-tokens.js';

/** How long before a token lapses its owner is warned (`account.token_expiring`): 7 days. */
export const TOKEN_EXPIRY_WINDOW_MS = 7 * 86_400_000;

/**
 * How long a sweep holds an account while it refreshes its token (a refresh is one platform call,
 * bounded by the gateway's timeout): past it, a crashed sweep's account is another's to refresh.
 */
export const TOKEN_REFRESH_LEASE_MS = 5 * 60_000;

/** How many accounts of each platform one sweep looks at, unless told otherwise. */
export const TOKEN_EXPIRY_SWEEP_LIMIT = 100;

/** What the sweep does about an account whose token lapses within its horizon. */
export type ExpiringTokenStep =
  /** The service can renew the token itself: try that first. */
  | { readonly kind: 'refresh'; readonly gateway: AccountGateway; readonly sealedCredentials: string }
  /** Only the owner can: warn them to reconnect. */
  | { readonly kind: 'warn' };

/**
 * Refresh when the platform's gateway is configured, refreshes tokens ahead of time
 * (`refreshMarginMs` not null) and the account has tokens to refresh with; otherwise warn.
 */
export function expiringTokenStep(
  account: ConnectedAccount,
  gateway: AccountGateway | undefined,
): ExpiringTokenStep {
  return gateway === undefined || gateway.refreshMarginMs === null || account.sealedCredentials === null
    ? { kind: 'warn' }
    : { kind: 'refresh', gateway, sealedCredentials: account.sealedCredentials };
}

/**
 * How far ahead the sweep looks at one platform's accounts. Tokens the service cannot refresh:
 * the whole window, so owners hear of it days ahead. Tokens it can: only as far as the gateway's
 * refresh margin when that is shorter. A YouTube token lives an hour and a TikTok one a day: they
 * always lapse within 7 days and are refreshed on their next use, so they are the sweep's
 * business only once due; looking further would refresh every one of them on every sweep and
 * let them crowd the rest out of each batch. (Instagram's and Threads' margin is the window.)
 */
export function tokenSweepHorizonMs(gateway: AccountGateway | undefined, windowMs: number): number {
  return gateway === undefined || gateway.refreshMarginMs === null
    ? windowMs
    : Math.min(windowMs, gateway.refreshMarginMs);
}

/**
 * Whether an account's owner should reconnect it soon: active, not already waiting for a
 * reconnect, and its token lapses (or lapsed) within the sweep's horizon for the platform (see
 * `tokenSweepHorizonMs`). So a token the service cannot renew shows a week ahead, while the
 * short-lived tokens it renews on use (TikTok, YouTube) show only once due and not yet renewed,
 * not all the time.
 */
export function tokenLapsesSoon(
  account: ConnectedAccount,
  gateway: AccountGateway | undefined,
  now: Date,
  windowMs: number = TOKEN_EXPIRY_WINDOW_MS,
): boolean {
  return (
    account.status === 'active' &&
    !account.needsReconnect &&
    account.tokenExpiresAt !== null &&
    account.tokenExpiresAt.getTime() < now.getTime() + tokenSweepHorizonMs(gateway, windowMs)
  );
}

/** Settings of one sweep. */
export type WarnExpiringTokensOptions = {
  /** How long before expiry owners are warned; default `TOKEN_EXPIRY_WINDOW_MS`. */
  readonly windowMs?: number;
  /** Accounts looked at per platform; default `TOKEN_EXPIRY_SWEEP_LIMIT`. */
  readonly limit?: number;
};

/** One account the sweep could not handle (its credentials would not open, a store fault). */
export type TokenSweepFault = { readonly accountId: string; readonly error: unknown };

/** What one sweep did. */
export type TokenSweepResult = {
  /** Accounts whose tokens were refreshed: their expiry moved, nobody was warned. */
  readonly refreshed: number;
  /** Accounts whose owner was warned (`account.token_expiring` appended). */
  readonly warned: number;
  /** Accounts left for the next sweep because of a fault of their own; for the caller to log. */
  readonly faults: readonly TokenSweepFault[];
};

type Deps = Pick<CoreDeps, 'store' | 'clock' | 'secretBox' | 'platforms'>;

/**
 * Looks at active accounts whose token lapses soon and that their owner was not warned about:
 * refreshes those the service can refresh, and warns the owners of the rest, once per expiry
 * (the store records the warning with its event, so racing sweeps warn once). A refresh is
 * claimed first (`claimTokenRefresh`), so racing sweeps ask the platform once.
 *
 * A refresh the platform refuses warns too, without marking the account as needing a reconnect:
 * its token still works until it lapses, as the publisher's own ahead-of-time refresh assumes;
 * the publisher marks the account when the platform refuses the token itself. A refresh that is
 * unavailable warns as well: the token lapses unless renewed, and the sweep does not look at a
 * warned expiry again. A fault of one account is collected and the sweep goes on; a store out of
 * reach ends it (rethrown).
 */
export async function warnExpiringTokens(
  deps: Deps,
  options: WarnExpiringTokensOptions = {},
): Promise<TokenSweepResult> {
  const windowMs = options.windowMs ?? TOKEN_EXPIRY_WINDOW_MS;
  const limit = options.limit ?? TOKEN_EXPIRY_SWEEP_LIMIT;
  const now = deps.clock.now();
  let refreshed = 0;
  let warned = 0;
  const faults: TokenSweepFault[] = [];
  for (const platform of PLATFORMS) {
    const gateway = deps.platforms[platform];
    const before = new Date(now.getTime() + tokenSweepHorizonMs(gateway, windowMs));
    const accounts = await deps.store.accounts.accountsWithTokensExpiring(platform, before, limit);
    for (const account of accounts) {
      try {
        const outcome = await sweepAccount(deps, account, expiringTokenStep(account, gateway), now);
        if (outcome === 'refreshed') refreshed += 1;
        if (outcome === 'warned') warned += 1;
      } catch (error) {
        if (isStoreUnavailable(error)) throw error;
        faults.push({ accountId: account.id, error });
      }
    }
  }
  return { refreshed, warned, faults };
}

async function sweepAccount(
  deps: Deps,
  account: ConnectedAccount,
  step: ExpiringTokenStep,
  now: Date,
): Promise<'refreshed' | 'warned' | 'unchanged'> {
  const expiresAt = account.tokenExpiresAt;
  if (expiresAt === null) return 'unchanged';
  if (step.kind === 'refresh') {
    // Another process's sweep took it: that one refreshes, or warns if it cannot.
    const leaseUntil = new Date(now.getTime() + TOKEN_REFRESH_LEASE_MS);
    if (!(await deps.store.accounts.claimTokenRefresh(account.id, expiresAt, now, leaseUntil)))
      return 'unchanged';
    const credentials = JSON.parse(deps.secretBox.open(step.sealedCredentials)) as Record<string, unknown>;
    const refresh = await refreshAccountTokens(deps, step.gateway, account, credentials);
    if (refresh.kind === 'refreshed') return 'refreshed';
  }
  const event = tokenExpiringEvent(account, expiresAt, now);
  // False when the account changed meanwhile (refreshed, reconnected, disconnected) or another
  // sweep warned first.
  return (await deps.store.accounts.markTokenExpiring(account.id, expiresAt, event)) ? 'warned' : 'unchanged';
}
