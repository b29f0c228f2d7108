import { ok, type ResultAsync } from 'neverthrow';
import { type ConnectedAccount, visibleAccounts } from '../../accounts/index.js';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, useCase } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import type { Post } from '../../posts/index.js';
import { SLOT_HOLDING_STATUSES, slotsBetween } from '../../queue/index.js';

/** A posting slot no post holds yet: when, and whose. */
export type FreeSlot = { readonly time: Date; readonly account: ConnectedAccount };

const MINUTE_MS = 60_000;

/**
 * The empty posting slots of the actor's accounts in `[from, to)` that are still ahead (after the
 * clock's now): each slot instant of each account's schedule (`slotsBetween`) whose minute no
 * post of that account holds (`SLOT_HOLDING_STATUSES`, as the queue counts them). `posts` are the
 * range's posts the calendar already read. Soonest first.
 */
export function calendarFreeSlots(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  actor: Actor,
  range: { readonly from: Date; readonly to: Date },
  posts: readonly Post[],
): ResultAsync<readonly FreeSlot[], SvcError> {
  return useCase(actor, 'post:read', async () => {
    const now = deps.clock.now();
    const from = new Date(Math.max(range.from.getTime(), now.getTime() + 1));
    if (from.getTime() >= range.to.getTime()) return ok([]);
    const taken = new Set(
      posts
        .filter((p) => p.scheduledTime !== null && SLOT_HOLDING_STATUSES.includes(p.status))
        .map((p) => `${p.profileIds[0]}@${Math.floor((p.scheduledTime as Date).getTime() / MINUTE_MS)}`),
    );
    const free: FreeSlot[] = [];
    for (const account of await visibleAccounts(deps, actor)) {
      const schedule = await deps.store.postingSlots.getPostingSchedule(account.id);
      if (schedule === null) continue;
      for (const time of slotsBetween(schedule, from, range.to)) {
        if (!taken.has(`${account.id}@${Math.floor(time.getTime() / MINUTE_MS)}`))
          free.push({ time, account });
      }
    }
    return ok(free.sort((a, b) => a.time.getTime() - b.time.getTime()));
  });
}
