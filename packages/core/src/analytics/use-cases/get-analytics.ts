import type { ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import type { Actor } from '../../identity/index.js';
import { actorWorkspaceId } from '../../identity/index.js';
import { offsetRanges, type SvcError } from '../../kernel/index.js';
import { TOP_POSTS } from '../analytics-aggregates.js';
import { type AnalyticsAnswer, answerAnalytics } from '../answer-analytics.js';
import type { AnalyticsQuery } from '../ports/analytics-store.js';
import { type AnalyticsInput, analyticsUseCase } from './read-analytics-input.js';

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
  return analyticsUseCase(deps, actor, input, async ({ days, timezone, accountIds, platforms }, to) => {
    const at = (daysBack: number) => new Date(to.getTime() - daysBack * DAY_MS);
    const window = { days, timezone, from: at(days), to, platforms };
    const query: AnalyticsQuery = {
      ownerId: actorWorkspaceId(actor),
      accountIds,
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
    return answerAnalytics(window, await deps.store.analytics.aggregate(query));
  });
}
