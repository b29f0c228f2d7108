import { err, ok, type Result } from 'neverthrow';
import { actorAccount, type ConnectedAccount } from '../../accounts/index.js';
import type { CoreDeps } from '../../deps/index.js';
import { itemUseCase } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import { type PostingSchedule, parsePostingSchedule } from '../posting-schedule.js';

type Deps = Pick<CoreDeps, 'store' | 'clock'>;

const loadAccount = (deps: Deps, actor: Parameters<typeof actorAccount>[1], id: string) =>
  actorAccount(deps, actor, id, 'id');

/**
 * The schedule an account posts on: the stored one, or, when none was set, no slots in the owner's
 * time zone (their setting, `UTC` until they choose one).
 */
export async function scheduleOf(
  deps: Pick<CoreDeps, 'store'>,
  account: ConnectedAccount,
  ownerTimeZone: string,
): Promise<PostingSchedule> {
  return (
    (await deps.store.postingSlots.getPostingSchedule(account.id)) ?? { timeZone: ownerTimeZone, slots: [] }
  );
}

/** An account's weekly posting slots (`GET /connections/{id}/slots`; scope `account:read`). */
export const getPostingSlots = itemUseCase(
  'account:read',
  loadAccount,
  async (account: ConnectedAccount, deps: Deps, actor): Promise<Result<PostingSchedule, SvcError>> =>
    ok(await scheduleOf(deps, account, actor.user.timeZone)),
);

/**
 * Replaces an account's weekly posting slots (`PUT /connections/{id}/slots`; scope
 * `account:write`) with the parsed payload, answering them as stored. Posts already queued keep
 * their times: the new slots apply to the next ones.
 */
export const replacePostingSlots = itemUseCase(
  'account:write',
  loadAccount,
  async (
    account: ConnectedAccount,
    deps: Deps,
    _actor,
    _id,
    payload: unknown,
  ): Promise<Result<PostingSchedule, SvcError>> => {
    const schedule = parsePostingSchedule(payload);
    if (schedule.isErr()) return err(schedule.error);
    await deps.store.postingSlots.replacePostingSchedule(account.id, schedule.value, deps.clock.now());
    return ok(schedule.value);
  },
);
