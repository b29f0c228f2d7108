import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import { TOP_POSTS } from '../analytics/analytics-aggregates.js';
import { type AnalyticsAnswer, answerAnalytics } from '../analytics/answer-analytics.js';
import { isTimeZone, offsetRanges } from '../analytics/time-zone.js';
import { type Actor, actorCanSeeAccount } from '../domain/actor.js';
import { type SvcError, svcError } from '../domain/svc-error.js';
import type { AnalyticsQuery } from '../ports/analytics-store.js';
import type { CoreDeps } from './core-deps.js';
import { useCase } from './use-case.js';

/** The window of `svc_get_analytics` in days (spec 8). */
export const ANALYTICS_DAYS = { default: 30, min: 1, max: 365 } as const;

/** What `svc_get_analytics` and `GET /api/v1/analytics` ask for. */
export type AnalyticsInput = {
  readonly days?: number | null;
  readonly profileIds?: readonly string[] | null;
  /** IANA name for hours and weekdays; default UTC. */
  readonly timezone?: string | null;
};

const DAY_MS = 86_400_000;

/**
 * The analytics answer (spec 4.2 `svc_get_analytics`, docs/analytics.md) over the posts published
 * in the last `days` days to the asked accounts, or to every account the key may see. The store
 * sums; `answerAnalytics` computes the answer.
 */
export function getAnalytics(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  actor: Actor,
  input: AnalyticsInput,
): ResultAsync<AnalyticsAnswer, SvcError> {
  return useCase(actor, 'post:read', () => analytics(deps, actor, input));
}

async function analytics(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  actor: Actor,
  input: AnalyticsInput,
): Promise<Result<AnalyticsAnswer, SvcError>> {
  const days = input.days ?? ANALYTICS_DAYS.default;
  if (!Number.isInteger(days) || days < ANALYTICS_DAYS.min || days > ANALYTICS_DAYS.max) {
    return err(
      svcError('validation_failed', `days must be a whole number from 1 to ${ANALYTICS_DAYS.max}.`, {
        field: 'days',
      }),
    );
  }
  const timezone = input.timezone ?? 'UTC';
  if (!isTimeZone(timezone)) {
    return err(
      svcError(
        'validation_failed',
        `timezone must be an IANA time zone such as Europe/Paris, not "${timezone}".`,
        {
          field: 'timezone',
        },
      ),
    );
  }
  const accountIds = await accountsAsked(deps, actor, input.profileIds ?? null);
  if (accountIds.isErr()) return err(accountIds.error);
  const to = deps.clock.now();
  const at = (daysBack: number) => new Date(to.getTime() - daysBack * DAY_MS);
  const window = { days, timezone, from: at(days), to };
  const query: AnalyticsQuery = {
    ownerId: actor.user.id,
    accountIds: accountIds.value,
    periods: {
      window: { from: window.from, to },
      week: { from: at(7), to },
      previousWeek: { from: at(14), to: at(7) },
      month: { from: at(30), to },
      previousMonth: { from: at(60), to: at(30) },
      year: { from: at(365), to },
      previousYear: { from: at(730), to: at(365) },
    },
    offsets: offsetRanges(timezone, window.from, to),
    topPosts: TOP_POSTS,
  };
  return ok(answerAnalytics(window, await deps.store.analytics.aggregate(query)));
}

// The asked accounts, each of them the owner's and within the key's limit; when none is asked,
// every account of the owner (disconnected ones too: their history stays), or the key's own list.
async function accountsAsked(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  asked: readonly string[] | null,
): Promise<Result<readonly string[] | null, SvcError>> {
  if (asked === null || asked.length === 0) return ok(actor.accountIds);
  const unique = [...new Set(asked)];
  const found = await Promise.all(unique.map((id) => deps.store.accounts.getAccount(id)));
  const unknown = unique.filter((_, i) => found[i]?.ownerId !== actor.user.id);
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
  return ok(unique);
}
