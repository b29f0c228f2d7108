import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorCanSeeAccount, actorWorkspaceId, useCase } from '../../identity/index.js';
import { isTimeZone, PLATFORMS, type Platform, type SvcError, svcError } from '../../kernel/index.js';

/** The window of `svc_get_analytics` in days (spec 8). */
export const ANALYTICS_DAYS = { default: 30, min: 1, max: 365 } as const;

/** A window of `days` the analytics read (analytics and slot suggestions alike), else `validation_failed`. */
export function checkedDays(days: number): Result<number, SvcError> {
  return Number.isInteger(days) && days >= ANALYTICS_DAYS.min && days <= ANALYTICS_DAYS.max
    ? ok(days)
    : err(
        svcError('validation_failed', `days must be a whole number from 1 to ${ANALYTICS_DAYS.max}.`, {
          field: 'days',
        }),
      );
}

/** What `svc_get_analytics`, `GET /api/v1/analytics` and the series ask for. */
export type AnalyticsInput = {
  readonly days?: number | null;
  readonly profileIds?: readonly string[] | null;
  /** IANA name for hours, weekdays and days; default UTC. */
  readonly timezone?: string | null;
};

/** An analytics request once checked: the accounts are the owner's and within the key's limit. */
export type AnalyticsRequest = {
  readonly days: number;
  readonly timezone: string;
  /** The asked accounts, or null for every account the owner has (or had). */
  readonly accountIds: readonly string[] | null;
  /**
   * The platforms of the accounts the answer is about: of the asked ones, or of every active
   * account the key sees. Coverage names each, whether it has posts in the window or not.
   */
  readonly platforms: readonly Platform[];
};

/**
 * Runs an analytics use case (`post:read`): the request checked by `readAnalyticsInput`, then
 * `answer` with it and the time the answer is computed at.
 */
export function analyticsUseCase<T>(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  actor: Actor,
  input: AnalyticsInput,
  answer: (request: AnalyticsRequest, now: Date) => Promise<T>,
): ResultAsync<T, SvcError> {
  return useCase(actor, { scope: 'post:read', action: 'analytics:read' }, async () => {
    const request = await readAnalyticsInput(deps, actor, input);
    return request.isErr() ? err(request.error) : ok(await answer(request.value, deps.clock.now()));
  });
}

/**
 * Checks what an analytics answer is asked for, the same way for every analytics use case: the
 * window, the time zone and the accounts.
 */
export async function readAnalyticsInput(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  input: AnalyticsInput,
): Promise<Result<AnalyticsRequest, SvcError>> {
  const daysAsked = checkedDays(input.days ?? ANALYTICS_DAYS.default);
  if (daysAsked.isErr()) return err(daysAsked.error);
  const days = daysAsked.value;
  const timezone = input.timezone ?? 'UTC';
  if (!isTimeZone(timezone)) {
    return err(
      svcError(
        'validation_failed',
        `timezone must be an IANA time zone such as Europe/Paris, not "${timezone}".`,
        { field: 'timezone' },
      ),
    );
  }
  const asked = await accountsAsked(deps, actor, input.profileIds ?? null);
  if (asked.isErr()) return err(asked.error);
  return ok({ days, timezone, ...asked.value });
}

/** The accounts an answer is about, and their platforms. */
type AskedAccounts = Pick<AnalyticsRequest, 'accountIds' | 'platforms'>;

// Platforms in their canonical order, each once.
const platformsOf = (accounts: readonly ConnectedAccount[]): Platform[] =>
  PLATFORMS.filter((platform) => accounts.some((account) => account.platform === platform));

// The asked accounts, each of them the owner's and within the key's limit; when none is asked,
// every account of the owner (disconnected ones too: their history stays), or the key's own list,
// with the platforms of the active ones among those.
async function accountsAsked(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  asked: readonly string[] | null,
): Promise<Result<AskedAccounts, SvcError>> {
  if (asked === null || asked.length === 0) {
    const active = await deps.store.accounts.listActiveAccounts(actorWorkspaceId(actor));
    const visible = active.filter((account) => actorCanSeeAccount(actor, account.id));
    return ok({ accountIds: actor.accountIds, platforms: platformsOf(visible) });
  }
  const unique = [...new Set(asked)];
  const found = await Promise.all(unique.map((id) => deps.store.accounts.getAccount(id)));
  const unknown = unique.filter((_, i) => found[i]?.ownerId !== actorWorkspaceId(actor));
  if (unknown.length > 0) {
    return err(
      svcError(
        'invalid_profile_ids',
        `Unknown profile id ${unknown.join(', ')}. List your accounts with GET /api/v1/connections.`,
        { field: 'profile_ids', invalid: unknown },
      ),
    );
  }
  const denied = unique.filter((id) => !actorCanSeeAccount(actor, id));
  if (denied.length > 0) {
    return err(
      svcError(
        'profile_scope_denied',
        `This key is limited to other accounts and cannot read ${denied.join(', ')}.`,
        {
          field: 'profile_ids',
          denied,
        },
      ),
    );
  }
  return ok({ accountIds: unique, platforms: platformsOf(found.filter((a) => a !== null)) });
}
