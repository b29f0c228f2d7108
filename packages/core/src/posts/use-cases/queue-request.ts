import { err, ok, type Result } from 'neverthrow';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { CoreDeps } from '../../deps/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { dailyPostCap, type PostingSchedule } from '../../queue/index.js';
import type { QueueRequest } from '../ports/post-store.js';

/**
 * What a queued request asks the insert's transaction to do: each target's schedule and its
 * platform's daily cap, slots after `now`. `no_posting_slots` names every target without slots.
 */
export async function queueRequestFor(
  deps: Pick<CoreDeps, 'store'>,
  targets: readonly ConnectedAccount[],
  now: Date,
): Promise<Result<QueueRequest, SvcError>> {
  const schedules = await Promise.all(targets.map((a) => deps.store.postingSlots.getPostingSchedule(a.id)));
  const without = targets.filter((_, i) => (schedules[i]?.slots.length ?? 0) === 0);
  if (without.length > 0) {
    const names = without.map((a) => `${a.handle} (${a.id})`).join(', ');
    const first = without[0]?.id ?? '';
    return err(
      svcError(
        'no_posting_slots',
        `${names} ${without.length === 1 ? 'has' : 'have'} no posting slots to queue into. Set them with PUT /api/v1/connections/${first}/slots, or send a scheduledTime instead of queue.`,
        { field: 'queue', profileIds: without.map((a) => a.id) },
      ),
    );
  }
  return ok({
    after: now,
    accounts: targets.map((account, i) => ({
      accountId: account.id,
      schedule: schedules[i] as PostingSchedule,
      dailyCap: dailyPostCap(account.platform),
    })),
  });
}
