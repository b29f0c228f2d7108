import { err, ok, type Result } from 'neverthrow';
import { actorAccount, type ConnectedAccount } from '../../accounts/index.js';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorWorkspaceId, itemUseCase } from '../../identity/index.js';
import { isTimeZone, offsetRanges, type SvcError, svcError } from '../../kernel/index.js';
import { parsePostingSchedule, scheduleOf } from '../../queue/index.js';
import { type SlotSuggestion, suggestPostingSlots } from '../suggest-posting-slots.js';
import { checkedDays } from './read-analytics-input.js';

/** The window suggestions read by default: long enough for samples, recent enough to still hold. */
export const SUGGESTION_DAYS = 90;

/** What a suggestion is asked for: the window and the zone (default: the account's slots' zone). */
export type SuggestionInput = {
  readonly days?: number | null;
  readonly timeZone?: string | null;
};

/** A suggestion for one account, with the account it is for. */
export type AccountSlotSuggestion = SlotSuggestion & {
  readonly profileId: string;
  readonly platform: ConnectedAccount['platform'];
  readonly days: number;
};

type Deps = Pick<CoreDeps, 'store' | 'clock'>;
const DAY_MS = 86_400_000;

const loadAccount = (deps: Deps, actor: Actor, id: string) => actorAccount(deps, actor, id, 'id');

// The account's figures in the slots' zone: the store shifts each post by the zone's offset at
// its own publishing minute, so a post at 09:10 Paris time counts at 9 in winter and in summer.
async function suggestionFor(
  deps: Deps,
  actor: Actor,
  account: ConnectedAccount,
  input: SuggestionInput,
): Promise<Result<AccountSlotSuggestion, SvcError>> {
  const daysAsked = checkedDays(input.days ?? SUGGESTION_DAYS);
  if (daysAsked.isErr()) return err(daysAsked.error);
  const days = daysAsked.value;
  const timeZone = input.timeZone ?? (await scheduleOf(deps, account, actor.user.timeZone)).timeZone;
  if (!isTimeZone(timeZone))
    return err(
      svcError(
        'validation_failed',
        `${timeZone} is not a time zone. Use an IANA name such as Europe/Paris.`,
        {
          field: 'timeZone',
        },
      ),
    );
  const to = deps.clock.now();
  const from = new Date(to.getTime() - days * DAY_MS);
  const cells = await deps.store.analytics.aggregateTimeCells({
    ownerId: actorWorkspaceId(actor),
    accountIds: [account.id],
    from,
    to,
    offsets: offsetRanges(timeZone, from, to),
  });
  const suggestion = suggestPostingSlots(cells, account.platform, timeZone, { days });
  return ok({ profileId: account.id, platform: account.platform, days, ...suggestion });
}

/**
 * Suggested posting slots for an account (`GET /connections/{id}/slots/suggestions`; scope
 * `account:read`): its best weekday × hour cells, or its platform's commonly cited times when it
 * has too few measured posts (`suggestPostingSlots`).
 */
export const getSlotSuggestions = itemUseCase(
  'account:read',
  loadAccount,
  (account: ConnectedAccount, deps: Deps, actor, _id, input: SuggestionInput = {}) =>
    suggestionFor(deps, actor, account, input),
);

/**
 * Computes the account's suggestion and makes it the account's slots (scope `account:write`),
 * answering the suggestion accepted. Computed again here rather than taken from the caller, so an
 * agent cannot accept slots that were never suggested; posts already queued keep their times.
 */
export const acceptSlotSuggestions = itemUseCase(
  'account:write',
  loadAccount,
  async (
    account: ConnectedAccount,
    deps: Deps,
    actor,
    _id,
    input: SuggestionInput = {},
  ): Promise<Result<AccountSlotSuggestion, SvcError>> => {
    const suggestion = await suggestionFor(deps, actor, account, input);
    if (suggestion.isErr()) return suggestion;
    const schedule = parsePostingSchedule({
      timeZone: suggestion.value.timeZone,
      slots: suggestion.value.slots.map((s) => ({ ...s })),
    });
    if (schedule.isErr()) return err(schedule.error);
    await deps.store.postingSlots.replacePostingSchedule(account.id, schedule.value, deps.clock.now());
    return ok(suggestion.value);
  },
);
