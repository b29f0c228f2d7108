// The public API of @svc/core. Every export is named; see docs/ for the decisions behind them.

export {
  type AnalyticsAggregates,
  type CategorySums,
  type CollectionCounts,
  type DaySums,
  PERIOD_NAMES,
  type PeriodName,
  type PlatformSums,
  type RankedPost,
  type SumsByPlatform,
  type TimeCell,
  TOP_POSTS,
} from './analytics/analytics-aggregates.js';
export {
  ENGAGEMENT_METRICS,
  engagementOf,
  METRIC_NAMES,
  type MetricName,
  PLATFORM_METRICS,
  type PostMetrics,
} from './analytics/analytics-metrics.js';
export {
  type AnalyticsAnswer,
  type AnalyticsWindow,
  answerAnalytics,
  type BestTimeCell,
  COVERAGE_STATES,
  type Comparison,
  type CoverageState,
  changeOf,
  coverageState,
  type Figures,
  MIN_BUCKET_SAMPLES,
  MIN_TOTAL_SAMPLES,
  type MissingReason,
  type PlatformCoverage,
  type Recommendation,
  type TopPost,
} from './analytics/answer-analytics.js';
export {
  type AnalyticsSeries,
  answerAnalyticsSeries,
  type DayFigures,
  type SeriesWindow,
} from './analytics/answer-analytics-series.js';
export {
  COLLECTION_OFFSETS_MS,
  dueCollectionSlot,
  nextCollectionAt,
} from './analytics/collection-schedule.js';
export { collectionsFromEvents } from './analytics/collections-from-events.js';
export {
  type CollectionDecision,
  decideCollection,
  unreadableAccountRetry,
} from './analytics/decide-collection.js';
export {
  isTimeZone,
  localDateOf,
  localDayOf,
  localWeekdayHour,
  type OffsetRange,
  offsetMinutesAt,
  offsetRanges,
  startOfLocalDay,
} from './analytics/time-zone.js';
export { type AccountView, accountViewSchema, toAccountView } from './answers/account-answer.js';
export { accountSummaryJson, accountSummarySchema } from './answers/account-summary-answer.js';
export { analyticsAnswerSchema } from './answers/analytics-answer.js';
export { approvalStatusJson, approvalStatusSchema } from './answers/approval-status-answer.js';
export { automationJson, automationSchema } from './answers/automation-answer.js';
export { LIMIT_PHRASES } from './answers/limit-phrases.js';
export { policyIssueSchema, policyResultSchema } from './answers/policy-answer.js';
export {
  type PostView,
  postViewSchema,
  type SlideView,
  slideViewSchema,
  slideViews,
  toPostView,
} from './answers/post-answer.js';
export { postingOptionsJson, postingOptionsSchema } from './answers/posting-options-answer.js';
// Automations
export {
  type AutomationTemplate,
  type KeywordMatch,
  readAutomationTemplate,
  TEMPLATE_LIMITS,
  TEMPLATE_VERSIONS,
  type TemplateProblem,
  type TemplateReading,
  templateFile,
} from './automations/automation-template.js';
export { type CommentMatch, matchComment } from './automations/comment-match.js';
export {
  type CommentDelivery,
  type InboxComment,
  readCommentWebhook,
} from './automations/comment-webhook.js';
export {
  afterReply,
  backoffMs,
  type CommentWrite,
  decideComment,
  MAX_REPLY_ATTEMPTS,
  PRIVATE_REPLIES_PER_HOUR,
  PRIVATE_REPLY_WINDOW_MS,
  type ReplyContext,
  type ReplyFollowUp,
  replyRateWait,
  tooOld,
  wantsPublicReply,
} from './automations/decide-comment.js';
// Bulk import and export (pure)
export { csvLine } from './bulk/csv-line.js';
export {
  BULK_CSV_COLUMNS,
  BULK_MAX_ROWS,
  type BulkCsvColumn,
  type BulkFormat,
  type BulkRow,
  parseBulkPosts,
} from './bulk/parse-bulk-posts.js';
export { type CsvRecord, isBlankRecord, parseCsv } from './bulk/parse-csv.js';
export { type BulkPostPayload, bulkCsvHeader, postsToCsv, postToBulkPayload } from './bulk/posts-to-csv.js';
// Domain
export { type Actor, actorCanSeeAccount, operatorActor, requireScope } from './domain/actor.js';
export { addressRateLimitSubject } from './domain/address-rate-limit-subject.js';
export {
  API_KEY_SCAN_PATTERN,
  type ApiKey,
  apiKeySchema,
  formatApiKey,
  parseApiKey,
} from './domain/api-key.js';
export {
  APPROVAL_STATUSES,
  type Approval,
  type ApprovalStatus,
  approvalSchema,
} from './domain/approval.js';
export {
  AUTOMATION_COUNTERS,
  type Automation,
  type AutomationCounter,
  type AutomationCounts,
  type AutomationState,
  automationEvent,
  zeroCounts,
} from './domain/automation.js';
export { type BillingEvent, billingEventSchema, type Money, moneySchema } from './domain/billing-event.js';
export {
  blobRemovalBlocks,
  blobRemovalClaimLives,
  decideBlobRemovalClaim,
  type HeldBlobRemoval,
} from './domain/blob-removal.js';
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
} from './domain/calendar-range.js';
export { canonicalJson } from './domain/canonical-json.js';
export {
  type AccountChange,
  type ConnectedAccount,
  connectedAccountSchema,
  markedNeedsReconnect,
} from './domain/connected-account.js';
export {
  CONNECTION_REQUEST_LIFETIME_MS,
  type ConnectionRequest,
  connectionRequestSchema,
} from './domain/connection-request.js';
export { credentialInQueryRefusal, hasCredentialInQuery } from './domain/credential-in-query.js';
export { decideLastUse, LAST_USE_EVERY_MS } from './domain/decide-last-use.js';
export {
  decideRateLimit,
  type RateLimitDecision,
  rateLimitRefusal,
  retryAfterSeconds,
} from './domain/decide-rate-limit.js';
export {
  accountEvent,
  DOMAIN_EVENT_TYPES,
  type DomainEvent,
  type DomainEventType,
  type EventData,
  type JournalEvent,
  mediaDeletedEvent,
  mediaReadyEvent,
  postEvent,
} from './domain/domain-event.js';
export {
  contentHashOf,
  contentKeyOf,
  DUPLICATE_WINDOW_MS,
  findRepeat,
  normalizeCaption,
  REPEAT_CANDIDATES,
  type RepeatQuery,
  repeatQueryOf,
} from './domain/duplicate-content.js';
export {
  checkApiAccess,
  checkCanSchedule,
  checkCanUpload,
  checkCanUseTools,
  DEFAULT_PLAN_LIMITS,
  isEntitled,
  isPlanRefusal,
  type LapsedAction,
  lapsedPlanMessage,
  limitsFor,
  type PlanLimits,
  type PlanLimitsTable,
  type PlanState,
  planStateAt,
  quotaWindowStart,
} from './domain/entitlements.js';
export { HTML_SECURITY_HEADERS } from './domain/html-security-headers.js';
export { parseIsoDateTime } from './domain/iso-date-time.js';
export {
  formatLocalDate,
  formatLocalDateTime,
  instantToLocal,
  type LocalDateTime,
  localToInstant,
  parseLocalDateTime,
} from './domain/local-time.js';
export { MCP_PATH } from './domain/mcp-path.js';
export {
  ALLOWED_MEDIA_TYPES,
  type AllowedMediaType,
  isImageType,
  isVideoType,
  type MediaAsset,
  mediaAssetSchema,
} from './domain/media-asset.js';
export {
  type ChosenPlan,
  chosenPlan,
  DEFAULT_NEW_USER_PLAN,
  DEFAULT_PLAN_KINDS,
  type DefaultPlanKind,
  MAX_TRIAL_DAYS,
  type NewUserPlanSetting,
  type PlanChoice,
} from './domain/new-user-plan.js';
export { newUserPlanNote } from './domain/new-user-plan-note.js';
export {
  MCP_OAUTH_SCOPES,
  MCP_RESOURCE_SCOPES,
  type McpOAuthScope,
  OAUTH_SCOPE_GRANTS,
  oauthScopeFor,
  scopesForOAuth,
} from './domain/oauth-scopes.js';
export { passwordChangeProblem } from './domain/password-change-problem.js';
export { PASSWORD_LENGTH, passwordProblem } from './domain/password-rules.js';
export { type NoticeLine, type NoticePart, type PlanNotice, planNotice } from './domain/plan-notice.js';
export { isPlatform, PLATFORM_NAMES, PLATFORMS, type Platform, platformSchema } from './domain/platform.js';
export {
  type PlatformMeta,
  platformMetaSchema,
  TIKTOK_PRIVACY_LEVELS,
  type TiktokMeta,
  tiktokMetaSchema,
} from './domain/platform-meta.js';
export {
  type MediaRef,
  mediaRefSchema,
  POST_STATUSES,
  type Post,
  type PostStatus,
  PUBLIC_POST_STATUSES,
  type PublicPostStatus,
  type PublishProgress,
  postSchema,
  publicStatus,
} from './domain/post.js';
export {
  MAX_MEDIA_ITEMS,
  type PostPayload,
  type PostRequest,
  parsePlatforms,
  parsePostRequest,
  postPayloadSchema,
} from './domain/post-request.js';
export {
  can,
  type DraftRevision,
  POST_TRANSITIONS,
  type PostAction,
  type PostChange,
  type PostEdit,
  type PostEvent,
  type PostEventType,
  type PostState,
  type PostTransitionRule,
  RESTORE_WINDOW_MS,
  scheduledEvents,
  stateOf,
  transition,
} from './domain/post-state-machine.js';
export {
  type CachedPostingOptions,
  createPostingOptionsCache,
  POSTING_OPTIONS_TTL_MS,
  type PostingOptionsCache,
} from './domain/posting-options-cache.js';
export { postingOptionsFailure } from './domain/posting-options-failure.js';
export { rateLimitHeaders } from './domain/rate-limit-headers.js';
export {
  addressRateLimitPolicy,
  DEFAULT_RATE_LIMITS,
  keyRateLimitPolicy,
  keyRateLimitSubject,
  RATE_LIMIT_WINDOW_SECONDS,
  type RateLimitPolicy,
  type RateLimitSettings,
  REGISTRATION_RATE_LIMIT_WINDOW_SECONDS,
  registrationRateLimitPolicy,
} from './domain/rate-limit-policy.js';
export { restoreDaysLeft } from './domain/restore-days-left.js';
export {
  decideSandboxAccess,
  isLoopbackAddress,
  type SandboxSurface,
  type SandboxVisitor,
} from './domain/sandbox-access.js';
export { hasScope, REST_SCOPES, SCOPES, type Scope, scopeSchema, TOOL_SCOPES } from './domain/scopes.js';
export { directLinkFor, recognizeShareLink, type ShareLink } from './domain/share-links.js';
export {
  createSignInLimiter,
  DEFAULT_SIGN_IN_LIMITS,
  type SignInLimiter,
  type SignInLimits,
} from './domain/sign-in-limiter.js';
export {
  emptySubscription,
  isSubscriptionStatus,
  SUBSCRIPTION_STATUSES,
  type Subscription,
  type SubscriptionStatus,
  subscriptionSchema,
} from './domain/subscription.js';
export {
  ERROR_CODES,
  type ErrorCode,
  isSvcError,
  POLICY_ERROR_CODES,
  type SvcError,
  svcError,
} from './domain/svc-error.js';
export { truncateCustomerId } from './domain/truncate-customer-id.js';
export { formatUlid } from './domain/ulid.js';
export {
  DEFAULT_TIME_ZONE,
  emailSchema,
  PLAN_KINDS,
  type Plan,
  type PlanKind,
  planSchema,
  type User,
  userSchema,
} from './domain/user.js';
export {
  checkContentPolicy,
  type MixedImageSizes,
  publishesPhotoSets,
} from './policy/check-content-policy.js';
export { DEFAULT_PROHIBITED_CONTENT, type ProhibitedContentRule } from './policy/content-scan.js';
// Policy
export { describePublication, type Publication } from './policy/describe-publication.js';
export { type ImageConversionReason, imageConversionFor } from './policy/image-conversion.js';
export { formatBytes, formatDuration, mediaTypeName, orList } from './policy/media-wording.js';
export {
  DEFAULT_POLICY_CONFIG,
  mergePolicyConfig,
  type PlatformRules,
  type PolicyConfig,
  type PolicyConfigOverrides,
  type PublicationFormats,
} from './policy/platform-limits.js';
export { policyConfigFromJson, policyConfigToJson } from './policy/policy-config-json.js';
export {
  POLICY_WARNING_CODES,
  type PolicyInput,
  type PolicyIssue,
  type PolicyMedia,
  type PolicyResult,
  type PolicySeverity,
  type PolicyWarningCode,
} from './policy/policy-types.js';
export { type TextCounter, textCounters } from './policy/text-counters.js';
export { measureText, TEXT_COUNTING_UNITS, type TextCounting } from './policy/text-metrics.js';
export { validatePostPayload } from './policy/validate-post-payload.js';
export { validatePostPolicy } from './policy/validate-post-policy.js';
export {
  ACCOUNT_HOLDING_STATUSES,
  type AccountStore,
  type DisconnectAccountOutcome,
  type DisconnectAccountRequest,
  disconnectRefusal,
  type RefreshedTokens,
} from './ports/account-store.js';
export type { AgentAccess, AgentGrant } from './ports/agent-access.js';
export type {
  AnalyticsQuery,
  AnalyticsSeriesQuery,
  AnalyticsStore,
  CollectionJob,
  CollectionResult,
  CollectionStatus,
  MetricSnapshot,
  NewCollection,
} from './ports/analytics-store.js';
export type { ApiKeyStore } from './ports/api-key-store.js';
export type { ApprovalDecision, ApprovalStore } from './ports/approval-store.js';
export type {
  AutomationStore,
  CommentAdvance,
  CommentJob,
  CommentStage,
  CounterIncrement,
  LiveAutomation,
} from './ports/automation-store.js';
export type { BillingStore } from './ports/billing-store.js';
export type {
  BlobFacts,
  BlobPutError,
  BlobReader,
  BlobStore,
  ListedBlob,
  StoredBlob,
} from './ports/blob-store.js';
export type { Clock } from './ports/clock.js';
export type { ConnectionRequestStore } from './ports/connection-request-store.js';
export type { EventStore, MentionedPost } from './ports/event-store.js';
export type { HmacVerifier } from './ports/hmac-verifier.js';
export type { IdGenerator, IdPrefix } from './ports/id-generator.js';
export type { ImageProcessor, JpegCopy } from './ports/image-processor.js';
export type { KeyHasher } from './ports/key-hasher.js';
export type { FetchedFile, FetchRefusal, MediaFetcher } from './ports/media-fetcher.js';
export type { MediaFacts, MediaInspector } from './ports/media-inspector.js';
export {
  type ActivateMediaOutcome,
  type AddMediaOutcome,
  type BlobBeingRemoved,
  type BlobRemovalClaim,
  type BlobRemovalRequest,
  type DeleteMediaOutcome,
  type DeleteMediaRequest,
  MEDIA_HOLDING_STATUSES,
  type MediaCursor,
  type MediaListQuery,
  type MediaPage,
  type MediaStore,
  type MediaUse,
  mediaDeletionRefusal,
  type UploadedFile,
} from './ports/media-store.js';
export type { OAuthRecord, OAuthStore } from './ports/oauth-store.js';
export type { PasswordHasher } from './ports/password-hasher.js';
export type {
  AuthorizationRequest,
  CodeCallback,
  CodeExchange,
  CommentReplies,
  CommentReplyAnswer,
  CommentSubscription,
  ConnectedProfile,
  FollowersAnswer,
  MetricsAnswer,
  MetricsTarget,
  PlatformGateway,
  PlatformGateways,
  PostingOptions,
  PostingOptionsAnswer,
  PostMetricsReading,
  PublicReplyLookup,
  PublishJob,
  PublishMedia,
  PublishStep,
  RefreshedCredentials,
} from './ports/platform-gateway.js';
export {
  type DerivedCandidate,
  derivedCandidatesOf,
  type PostPurgeOutcome,
  type PostPurgeRequest,
  type PurgedPost,
  purgeableDerivedAssets,
  purgedAssetEvents,
} from './ports/post-purge.js';
export type {
  ApprovedDraftBatch,
  ApprovedDraftOutcome,
  ClaimRequest,
  InsertPostsOutcome,
  NewPostsBatch,
  PostCursor,
  PostListQuery,
  PostPage,
  PostStore,
  QueueDepth,
} from './ports/post-store.js';
export {
  admitClaims,
  claimCandidateCount,
  claimChanges,
  type EarlierRequest,
  idempotencyOutcome,
  internalStatuses,
  quotaRefusal,
  textFilterPattern,
} from './ports/post-store.js';
export type { PublisherSignal } from './ports/publisher-signal.js';
export type { RateLimitCount, RateLimitStore } from './ports/rate-limit-store.js';
export type { SecretBox } from './ports/secret-box.js';
export type { SignInSessions } from './ports/sign-in-sessions.js';
export type { Store } from './ports/store.js';
export {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE,
  isStoreUnavailable,
  StoreUnavailableError,
} from './ports/store-unavailable.js';
export type { UserStore } from './ports/user-store.js';
// Ports
// Publishing decisions
export {
  decideAfterRefresh,
  decidePublishStep,
  type PublishDecision,
  type PublishLimits,
  releaseOnStop,
  type StepContext,
} from './publishing/decide-publish-step.js';
export { type PublishFailureCode, publishFailure } from './publishing/publish-failures.js';
export { retryDelayMs } from './publishing/retry-delay.js';
export {
  type UnpublishableCause,
  unpublishableCause,
  unpublishableReason,
} from './publishing/unpublishable-reason.js';
// Use cases
export { authenticateApiKey } from './use-cases/authenticate-api-key.js';
// Analytics
export {
  automationAccount,
  automationReadiness,
  startCommentWatch,
} from './use-cases/automation-account.js';
export {
  type AutomationReadiness,
  type AutomationView,
  automationView,
} from './use-cases/automation-view.js';
export {
  CALENDAR_POSTS_MAX,
  type CalendarPosts,
  calendarPosts,
} from './use-cases/calendar-posts.js';
export {
  type ChangePasswordDeps,
  type ChangePasswordInput,
  changePassword,
} from './use-cases/change-password.js';
export type { AccountChoice } from './use-cases/choose-targets.js';
export {
  type ConnectionCallback,
  completeConnection,
  connectionRequester,
  createConnectionRequest,
  startConnection,
} from './use-cases/connect-account.js';
export type { ImageConversion } from './use-cases/convert-images.js';
export type { CoreDeps } from './use-cases/core-deps.js';
export { type CreateDraftInput, createDraft } from './use-cases/create-draft.js';
export {
  type CreatePostsDeps,
  type CreatePostsOptions,
  type CreatePostsResult,
  createPosts,
} from './use-cases/create-posts.js';
export { type CreateUserInput, createUser, findUserByEmail } from './use-cases/create-user.js';
export {
  type ApprovalDecided,
  type DecideApprovalInput,
  decideApproval,
} from './use-cases/decide-approval.js';
export { deleteMedia } from './use-cases/delete-media.js';
export { deletePost, type PostDeleted } from './use-cases/delete-post.js';
export {
  DELETED_POSTS_SHOWN,
  type DeletedPost,
  listDeletedPosts,
  restoreOwnPost,
} from './use-cases/deleted-posts.js';
export {
  type DisconnectAccountOptions,
  type DisconnectedAccount,
  disconnectAccount,
} from './use-cases/disconnect-account.js';
export {
  DRAFT_TONES,
  type DraftTone,
  draftCaption,
  PROMOTIONAL_CALL_TO_ACTION,
} from './use-cases/draft-caption.js';
export { type EditPostInput, editPost } from './use-cases/edit-post.js';
export { type ExportPostsInput, exportPosts } from './use-cases/export-posts.js';
export { findServedMedia, type ServedMedia } from './use-cases/find-served-media.js';
export {
  type AccountSummary,
  CAPTION_PREVIEW_LENGTH,
  captionPreview,
  getAccountSummary,
  type TrialState,
  trialStateAt,
  UPCOMING_POSTS_SHOWN,
  type UpcomingPostView,
} from './use-cases/get-account-summary.js';
export { getAnalytics } from './use-cases/get-analytics.js';
export { getAnalyticsSeries } from './use-cases/get-analytics-series.js';
export { type ApprovalStatusView, getApprovalStatus } from './use-cases/get-approval-status.js';
export {
  BILLING_SUMMARY_EVENTS,
  type BillingEventView,
  type BillingSummary,
  billingSummaryOf,
  getBillingSummary,
} from './use-cases/get-billing-summary.js';
export { getMediaItem } from './use-cases/get-media-item.js';
export { getPost, isVisibleTo } from './use-cases/get-post.js';
export { getPostingOptions, type PostingOptionsView } from './use-cases/get-posting-options.js';
export {
  hitAddressRateLimit,
  hitKeyRateLimit,
  hitRateLimit,
  hitRegistrationRateLimit,
} from './use-cases/hit-rate-limit.js';
export {
  type ImportTemplateInput,
  type ImportTemplateOutcome,
  importAutomationTemplate,
} from './use-cases/import-automation-template.js';
export {
  type ImportDeps,
  type ImportedMedia,
  importMediaFromUrl,
  type ShareLinkHandling,
} from './use-cases/import-media-from-url.js';
export {
  type BulkImportResult,
  type BulkImportTotals,
  type BulkRowOutcome,
  type ImportPostsOptions,
  importPosts,
} from './use-cases/import-posts.js';
export {
  answerWebhookHandshake,
  type CommentWebhookReceipt,
  type InstagramWebhookSettings,
  receiveCommentWebhook,
  type WebhookHandshake,
} from './use-cases/instagram-comment-webhook.js';
export {
  authenticateBearer,
  exchangeKeyForMcpToken,
  LEGACY_MCP_TOKEN_LIFETIME_MS,
  type LegacyMcpToken,
} from './use-cases/legacy-mcp-token.js';
export { listConnections } from './use-cases/list-connections.js';
export { decodeListCursor, encodeListCursor, type ListCursor } from './use-cases/list-cursor.js';
export { LIST_MEDIA_LIMITS, type ListMediaInput, listMedia, type MediaList } from './use-cases/list-media.js';
export {
  decodePostCursor,
  encodePostCursor,
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
export {
  type CreateApiKeyInput,
  type CreatedApiKey,
  createApiKey,
  listApiKeys,
  revokeApiKey,
} from './use-cases/manage-api-keys.js';
export {
  deleteAutomation,
  exportAutomationTemplate,
  listAutomations,
  setAutomationRunning,
} from './use-cases/manage-automations.js';
export type { MediaItem, MediaItemUse } from './use-cases/media-item.js';
export { ownMediaAssets } from './use-cases/own-media-assets.js';
export { POST_HISTORY_MAX, postHistory } from './use-cases/post-history.js';
export {
  ANALYTICS_DAYS,
  type AnalyticsInput,
  type AnalyticsRequest,
  readAnalyticsInput,
} from './use-cases/read-analytics-input.js';
export {
  type ActivityEntry,
  type ActivityPost,
  RECENT_ACTIVITY_MAX,
  RECENT_ACTIVITY_SHOWN,
  recentActivity,
} from './use-cases/recent-activity.js';
export {
  type BillingEventInput,
  recordBillingEvent,
  recordBillingSubscription,
  type SubscriptionChanges,
} from './use-cases/record-billing.js';
export type { LastUseFault } from './use-cases/record-key-use.js';
export {
  refreshAccountTokens,
  type TokenRefresh,
  tokenExpiresSoon,
} from './use-cases/refresh-account-tokens.js';
export {
  type ApprovalRequested,
  type RequestApprovalInput,
  requestApproval,
} from './use-cases/request-approval.js';
export { restorePost } from './use-cases/restore-post.js';
export { type RetryPostDeps, type RetryPostInput, retryPost } from './use-cases/retry-post.js';
export { reviewApproval } from './use-cases/review-approval.js';
export { revokeOwnApiKey } from './use-cases/revoke-own-api-key.js';
export { type ConnectionInput, saveConnection } from './use-cases/save-connection.js';
export {
  type ScheduledTarget,
  type ScheduleOutcome,
  type SchedulePostInput,
  schedulePost,
} from './use-cases/schedule-post.js';
export { setTimeZone } from './use-cases/set-time-zone.js';
export { type PlanChange, type SetUserPlanInput, setUserPlan } from './use-cases/set-user-plan.js';
export type { MediaDeps } from './use-cases/store-media-file.js';
export { type TikTokPrivacyChoices, tiktokPrivacyChoices } from './use-cases/tiktok-privacy-choices.js';
export {
  type UpdateScheduledPostInput,
  updateScheduledPost,
} from './use-cases/update-scheduled-post.js';
export { uploadMedia } from './use-cases/upload-media.js';
export {
  completeUpload,
  createUploadTarget,
  UPLOAD_TARGET_LIFETIME_MS,
  type UploadTarget,
} from './use-cases/upload-targets.js';

// Outgoing webhooks

export {
  type WebhookAttemptJson,
  type WebhookJson,
  webhookAttemptJson,
  webhookAttemptSchema,
  webhookJson,
  webhookSchema,
} from './answers/webhook-answer.js';
export {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_RESPONSE_EXCERPT_MAX,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEventType,
  type WebhookMessage,
  type WebhookSubscription,
} from './domain/webhook.js';
export { accountOfEvent, webhookEventOf } from './domain/webhook-event.js';
export {
  type AttemptDecision,
  type AttemptOutcome,
  decideAfterAttempt,
  jitterOf,
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_RETRY_DELAYS_MS,
} from './domain/webhook-retry.js';
// Webhook transport
export type { WebhookRequest, WebhookResponse, WebhookSender } from './ports/webhook-sender.js';
export type { WebhookSigner } from './ports/webhook-signer.js';
export {
  type AttemptNext,
  type AttemptPage,
  type AttemptPageRequest,
  type AttemptResult,
  attemptResult,
  type ClaimedDelivery,
  type DeliveryClaimRequest,
  type FanOutCommit,
  type FanOutCursor,
  type FanOutLeaseRequest,
  type FinishAttemptRequest,
  patchSubscription,
  type RecordedAttempt,
  type SubscriptionHealth,
  WEBHOOK_PATCHABLE_FIELDS,
  type WebhookRetentionOutcome,
  type WebhookStore,
  type WebhookSubscriptionPatch,
} from './ports/webhook-store.js';
export { type DeliverDeps, type DeliveryResult, deliverWebhook } from './use-cases/deliver-webhook.js';
export {
  type FanOutDeps,
  type FanOutStep,
  fanOutWebhooks,
  WEBHOOK_FAN_OUT_CONSUMER,
} from './use-cases/fan-out-webhooks.js';
export {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  rotateWebhookSecret,
  updateWebhook,
  WEBHOOK_SECRET_OVERLAP_MS,
  WEBHOOKS_PER_OWNER,
  type WebhookChanges,
  type WebhookInput,
  type WebhookWithSecret,
} from './use-cases/manage-webhooks.js';
export {
  listWebhookAttempts,
  redeliverWebhook,
  sendTestWebhook,
} from './use-cases/webhook-deliveries.js';

// Token expiry warnings

export { tokenExpiringEvent } from './domain/connected-account.js';
export { POST_PURGE_BATCH, purgeDeletedPosts } from './use-cases/purge-deleted-posts.js';
export {
  BLOB_REMOVAL_WAIT,
  type BlobRecording,
  recordWhileBlobStays,
} from './use-cases/record-while-blob-stays.js';
// Sweeps
export { ABANDONED_UPLOAD_GRACE_MS, sweepAbandonedUploads } from './use-cases/sweep-abandoned-uploads.js';
export {
  BLOB_REMOVAL_CLAIM_MS,
  ORPHANED_BLOB_GRACE_MS,
  type OrphanedBlobSweep,
  type OrphanedBlobSweepOptions,
  sweepOrphanedBlobs,
} from './use-cases/sweep-orphaned-blobs.js';
export {
  sweepWebhookMessages,
  WEBHOOK_RETENTION_BATCH,
  WEBHOOK_RETENTION_MS,
} from './use-cases/sweep-webhook-messages.js';
export {
  type ExpiringTokenStep,
  expiringTokenStep,
  TOKEN_EXPIRY_SWEEP_LIMIT,
  TOKEN_EXPIRY_WINDOW_MS,
  TOKEN_REFRESH_LEASE_MS,
  type TokenSweepFault,
  type TokenSweepResult,
  tokenLapsesSoon,
  tokenSweepHorizonMs,
  type WarnExpiringTokensOptions,
  warnExpiringTokens,
} from './use-cases/warn-expiring-tokens.js';
