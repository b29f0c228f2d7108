import type { CollectionJob } from './collection-job.js';
import { nextCollectionAt } from './collection-schedule.js';
import type { PublicIdAnswer } from './metrics-answer.js';
import { nextPublicIdCheckAt } from './public-id-schedule.js';

const MIN_RETRY_MS = 60_000;
// An account that needs reconnecting is asked again after an hour: a reconnect may come meanwhile.
const RECONNECT_RETRY_MS = 3_600_000;

/** What follows asking the platform for a collection's held-back public id. */
export type PublicIdDecision =
  /** It came: fill the post's id and link (`reveal_public_id`), then start reading its metrics at `nextAt`. */
  | {
      readonly kind: 'reveal';
      readonly platformPostId: string;
      readonly permalink: string | null;
      readonly nextAt: Date;
    }
  /** Refresh the account's tokens, then ask again (once). */
  | { readonly kind: 'refresh_tokens' }
  /** Ask again at `until`. */
  | { readonly kind: 'defer'; readonly until: Date; readonly reason: string }
  /** Stop asking: the post stays posted without its link, and has no metrics. */
  | { readonly kind: 'give_up'; readonly reason: string };

/**
 * The decision after asking for the public id of an `awaiting_id` collection at `now`: reveal it
 * when it came, ask again on the schedule (`PUBLIC_ID_CHECKS_MS`) while it is held back or the
 * platform cannot answer now, and give up when the platform says it will never come or the
 * schedule is over. `refreshed` says the tokens were already refreshed for this ask.
 */
export function decidePublicIdCheck(
  job: Pick<CollectionJob, 'publishedAt'>,
  answer: PublicIdAnswer,
  now: Date,
  refreshed: boolean,
): PublicIdDecision {
  const later = (minWaitMs: number, reason: string): PublicIdDecision => {
    const until = nextPublicIdCheckAt(job.publishedAt, now, minWaitMs);
    return until === null
      ? { kind: 'give_up', reason: `${reason} The public id did not come in the hours the platform allows.` }
      : { kind: 'defer', until, reason };
  };
  switch (answer.kind) {
    case 'public': {
      const first = nextCollectionAt(job.publishedAt, null) ?? now;
      return {
        kind: 'reveal',
        platformPostId: answer.platformPostId,
        permalink: answer.permalink,
        nextAt: first.getTime() > now.getTime() ? first : now,
      };
    }
    case 'pending':
      return later(0, 'The platform still holds the public id back (moderation).');
    case 'never':
      return { kind: 'give_up', reason: answer.reason };
    case 'token_expired':
      return refreshed
        ? later(MIN_RETRY_MS, 'The platform refused fresh tokens.')
        : { kind: 'refresh_tokens' };
    case 'needs_reconnect':
      return later(RECONNECT_RETRY_MS, answer.reason);
    case 'retry':
      return later(Math.max(MIN_RETRY_MS, answer.afterMs), answer.reason);
  }
}
