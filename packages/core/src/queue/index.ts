// @svc/core/queue — Posting slots and the queue: each account's weekly posting times, and the next free one for a queued post.
// This file is the area's contract: other areas and packages import only what it exports.
// The queue sits below posts: the insert script of posts asks `nextFreeSlots` for each queued row
// inside its transaction, and the queue view (`listQueue`) is a posts use case for the same reason.
export { DAILY_POST_CAPS, dailyPostCap } from './daily-post-cap.js';
export { type EvergreenDecision, evergreenDue, isAboveMedian, type RecycleStep } from './evergreen-due.js';
export {
  type EvergreenRule,
  evergreenRuleSchema,
  MAX_EVERGREEN_DAYS,
  MAX_EVERGREEN_TIMES,
  parseEvergreenRule,
} from './evergreen-rule.js';
export { isSlotInstant, nextFreeSlots, QUEUE_HORIZON_DAYS, slotsBetween } from './next-free-slots.js';
export type { PostingSlotStore } from './ports/posting-slot-store.js';
export {
  MAX_POSTING_SLOTS,
  type PostingSchedule,
  type PostingSlot,
  parsePostingSchedule,
  postingScheduleSchema,
  sortSlots,
  WEEKDAYS,
  type Weekday,
} from './posting-schedule.js';
export { queueWithMove } from './queue-move.js';
export { SLOT_HOLDING_STATUSES } from './slot-holding-statuses.js';
export { getPostingSlots, replacePostingSlots, scheduleOf } from './use-cases/posting-slots.js';
