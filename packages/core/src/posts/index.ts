// @svc/core/posts — Posts: what a post is, its state machine, creating, editing, scheduling, deleting and restoring.
// This file is the area's contract: other areas and packages import only what it exports.
export { quotaRefusal } from './batch-decisions.js';
export type { ClaimRequest } from './claims.js';
export {
  contentHashOf,
  DUPLICATE_WINDOW_MS,
  findRepeat,
  REPEAT_CANDIDATES,
  REPEATABLE_STATUSES,
  type RepeatQuery,
  repeatQueryOf,
} from './duplicate-content.js';
export { FIRST_COMMENT_PLATFORMS, firstCommentText } from './first-comment-text.js';
export { type FirstCommentView, firstCommentView, firstCommentViewSchema } from './first-comment-view.js';
export { freshPostFields } from './fresh-post-fields.js';
export { groupsOf } from './groups-of.js';
export { changedOnLostWrite } from './ports/lost-post-write.js';
export type { PostBatchTx } from './ports/post-batch-tx.js';
export type { PostClaimTx } from './ports/post-claim-tx.js';
export type { PostPurgeOutcome, PostPurgeRequest } from './ports/post-purge.js';
export type { PostPurgeTx } from './ports/post-purge-tx.js';
export type {
  InsertPostsOutcome,
  NewPostsBatch,
  PostListQuery,
  PostPage,
  PostStore,
  PostWrite,
  QueueDepth,
  QueueRequest,
} from './ports/post-store.js';
export type { PostWriteTx } from './ports/post-write-tx.js';
export {
  type FirstCommentOutcome,
  firstCommentOutcomeSchema,
  type Post,
  type PublishProgress,
} from './post.js';
export type { PostEvent } from './post-event.js';
export { postEvent } from './post-events.js';
export { internalStatuses, textFilterPattern } from './post-filters.js';
export { MAX_MEDIA_ITEMS, parsePostRequest, postPayloadSchema } from './post-request.js';
export { can, type PostChange, RESTORE_WINDOW_MS, stateOf, transition } from './post-state-machine.js';
export { restoreDaysLeft } from './restore-days-left.js';
export { invalidScheduledTime, scheduledTimeInPast } from './scheduled-time-errors.js';
export { type ThreadPart, threadPartsIn, threadPartsOf, threadsReplyControl } from './thread-parts.js';
export {
  THREAD_PROGRESS_KEY,
  type ThreadPartState,
  type ThreadPartView,
  threadStatesOf,
  threadView,
  threadViewSchema,
} from './thread-view.js';
export { approvedEvents, scheduledEvents } from './transition-events.js';
export { checkCreatorOptions } from './use-cases/check-creator-options.js';
export { type CheckedContent, checkPostContent, prepareForTargets } from './use-cases/check-post-content.js';
export { TIKTOK_URL_NOT_VERIFIED } from './use-cases/check-tiktok-photo-source.js';
export { claimDuePostsScript } from './use-cases/claim-due-posts-script.js';
export { type CreatePostsDeps, type CreatePostsOptions, createPosts } from './use-cases/create-posts.js';
export { DELETE_POSTS, deletedView, deletePost } from './use-cases/delete-post.js';
export { deletePostGroup } from './use-cases/delete-post-group.js';
export { type DryRunPlan, dryRunCreate, startDryRun } from './use-cases/dry-run-create.js';
export { type EditPostInput, editPost } from './use-cases/edit-post.js';
export { editPostGroup } from './use-cases/edit-post-group.js';
export { checkedCaption, editedTexts, futureTime } from './use-cases/edit-values.js';
export {
  type EvergreenNext,
  type EvergreenStanding,
  evergreenStanding,
} from './use-cases/evergreen-standing.js';
export { getPost } from './use-cases/get-post.js';
export { insertPostsScript } from './use-cases/insert-posts-script.js';
export { listQueue, type QueueView, queueItemsAnswer } from './use-cases/list-queue.js';
export {
  beingPublished,
  liveOwnedPost,
  ownedPost,
  postChangedWhile,
  useCaseOnLivePost,
} from './use-cases/owned-post.js';
export { policyIssueSchema, policyResultSchema } from './use-cases/policy-answer.js';
export {
  type PostView,
  postViewSchema,
  type SlideView,
  slideViews,
  toPostView,
} from './use-cases/post-answer.js';
export { getPostGroup, type PostGroup, type PostGroupChanged } from './use-cases/post-group.js';
export { purgeDeletedPosts } from './use-cases/purge-deleted-posts.js';
export { purgePostsScript } from './use-cases/purge-posts-script.js';
export { queueRequestFor } from './use-cases/queue-request.js';
export { queueSlotsScript } from './use-cases/queue-slots-script.js';
export { type RecycleSkipReason, recycleEvergreenPosts } from './use-cases/recycle-evergreen-posts.js';
export { refuseRepeats, repeatError } from './use-cases/refuse-repeats.js';
export { reorderQueue, shuffleQueue } from './use-cases/reorder-queue.js';
export { resolveMedia } from './use-cases/resolve-media.js';
export { resolveTargets } from './use-cases/resolve-targets.js';
export { restorePost } from './use-cases/restore-post.js';
export { type ScheduleOutcome, schedulePost } from './use-cases/schedule-post.js';
export { updatePostsScript } from './use-cases/update-posts-script.js';
export { type UpdateScheduledPostInput, updateScheduledPost } from './use-cases/update-scheduled-post.js';
export { validatePolicyPreview } from './use-cases/validate-policy-preview.js';
export { writeChangeBy, writesBy } from './use-cases/writes-by.js';
export { validatePostPayload } from './validate-post-payload.js';
