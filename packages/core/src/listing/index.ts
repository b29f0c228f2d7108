// @svc/core/listing — Reading posts back: the filtered list and its cursor, the calendar's days, the deleted bin, a post's history, the account summary.
// This file is the area's contract: other areas and packages import only what it exports.
export {
  addDays,
  type DayRange,
  dayStart,
  daysRange,
  type LocalDate,
  mondayOf,
  monthRange,
  weekdayOf,
  weekRange,
} from './calendar-range.js';
export { type FirstStep, firstSteps } from './first-steps.js';
export { accountSummaryJson, accountSummarySchema } from './use-cases/account-summary-answer.js';
export { calendarFreeSlots, type FreeSlot } from './use-cases/calendar-free-slots.js';
export { CALENDAR_POSTS_MAX, type CalendarPosts, calendarPosts } from './use-cases/calendar-posts.js';
export {
  DELETED_POSTS_SHOWN,
  type DeletedPost,
  listDeletedPosts,
  restoreOwnPost,
} from './use-cases/deleted-posts.js';
export {
  type AccountSummary,
  getAccountSummary,
  UPCOMING_POSTS_SHOWN,
  type UpcomingPostView,
} from './use-cases/get-account-summary.js';
export {
  LIST_CAPTION_PREVIEW_LENGTH,
  LIST_POSTS_LIMITS,
  LIST_TEXT_FILTER_MAX,
  type ListPostsInput,
  type ListPostsOptions,
  listPostRecords,
  listPosts,
  type PostList,
  type PostListItem,
  type PostRecordList,
  REST_LIST_POSTS_MAX,
} from './use-cases/list-posts.js';
export { POST_HISTORY_MAX, postHistory } from './use-cases/post-history.js';
