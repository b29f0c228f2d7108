import type { ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import type { Actor } from '../../identity/index.js';
import { actorWorkspaceId } from '../../identity/index.js';
import { localDayOf, offsetRanges, type SvcError, startOfLocalDay } from '../../kernel/index.js';
import { type AnalyticsSeries, answerAnalyticsSeries } from '../answer-analytics-series.js';
import { type AnalyticsInput, analyticsUseCase } from './read-analytics-input.js';

/**
 * Views and engagement per local day and platform over the last `days` days, today included
 * (docs/analytics.md, "Over time"): the same figures as `getAnalytics`, by the day posts were
 * published. Whole local days, so a chart's first day is not cut at the current hour.
 */
export function getAnalyticsSeries(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  actor: Actor,
  input: AnalyticsInput,
): ResultAsync<AnalyticsSeries, SvcError> {
  return analyticsUseCase(deps, actor, input, async ({ days, timezone, accountIds }, to) => {
    const firstDay = localDayOf(timezone, to) - (days - 1);
    const from = startOfLocalDay(timezone, firstDay);
    const rows = await deps.store.analytics.aggregateByDay({
      ownerId: actorWorkspaceId(actor),
      accountIds,
      from,
      to,
      offsets: offsetRanges(timezone, from, to),
    });
    return answerAnalyticsSeries({ days, timezone, firstDay, from, to }, rows);
  });
}
