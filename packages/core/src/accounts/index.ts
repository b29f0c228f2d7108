// @svc/core/accounts — Connected accounts: connecting through a platform's consent, tokens and their refresh, posting options, comment replies.
// This file is the area's contract: other areas and packages import only what it exports.
export { accountEvent, markedNeedsReconnect, tokenExpiringEvent } from './account-events.js';
export type { ConnectedAccount } from './connected-account.js';
export { type ConnectionRequest, connectionRequestSchema } from './connection-request.js';
// Platform app set-up: the scopes each feature asks for and the checks of `svc platforms check`.
export { checkPlatforms } from './platform-setup/check-platforms.js';
export { DEFAULT_META_GRAPH_VERSION } from './platform-setup/graph-versions.js';
export {
  CONNECT_CALLBACK_PATH,
  offlinePlatformChecks,
  platformMode,
} from './platform-setup/offline-platform-checks.js';
export {
  type PlatformCheck,
  type PlatformReport,
  platformReportsOk,
} from './platform-setup/platform-check.js';
export type {
  PlatformProbe,
  PlatformProbes,
  ProbedAccount,
  ProbeOutcome,
  ScopesProbe,
} from './platform-setup/platform-probe.js';
export {
  DEFAULT_PLATFORM_FEATURES,
  missingRequiredScopes,
  PLATFORM_SCOPES,
  type PlatformFeatures,
  purposeEnabled,
  scopesFor,
} from './platform-setup/platform-scopes.js';
export type { PlatformSetup } from './platform-setup/platform-setup.js';
export { probedAccountsOf } from './platform-setup/probed-accounts.js';
export {
  ACCOUNT_HOLDING_STATUSES,
  type AccountStore,
  type DisconnectAccountOutcome,
  type DisconnectAccountRequest,
  disconnectRefusal,
} from './ports/account-store.js';
export type { ConnectionRequestStore } from './ports/connection-request-store.js';
export type {
  AccountGateway,
  AuthorizationRequest,
  CodeCallback,
  CodeExchange,
  CommentReplies,
  CommentReplyAnswer,
  CommentSubscription,
  ConnectedProfile,
  PostingOptions,
  PostingOptionsAnswer,
  PublicReplyLookup,
  RefreshedCredentials,
} from './ports/platform-gateway.js';
export { postingOptionsFailure } from './posting-options-failure.js';
export {
  DEFAULT_TIKTOK_PKCE_ENCODING,
  TIKTOK_PKCE_ENCODINGS,
  type TikTokPkceEncoding,
} from './tiktok-pkce-encoding.js';
export { type AccountView, accountViewSchema, toAccountView } from './use-cases/account-answer.js';
export { actorAccount, callWithAccountTokens } from './use-cases/account-call.js';
export { type AccountChoice, chooseTargets, visibleAccounts } from './use-cases/choose-targets.js';
export {
  completeConnection,
  connectionRequester,
  createConnectionRequest,
  startConnection,
} from './use-cases/connect-account.js';
export { disconnectAccount } from './use-cases/disconnect-account.js';
export {
  getPostingOptions,
  type PostingOptionsView,
  readPostingOptions,
} from './use-cases/get-posting-options.js';
export { listConnections } from './use-cases/list-connections.js';
export { postingOptionsJson, postingOptionsSchema } from './use-cases/posting-options-answer.js';
export { createPostingOptionsCache, type PostingOptionsCache } from './use-cases/posting-options-cache.js';
export {
  type ActivityEntry,
  RECENT_ACTIVITY_MAX,
  RECENT_ACTIVITY_SHOWN,
  recentActivity,
} from './use-cases/recent-activity.js';
export { refreshAccountTokens, tokenExpiresSoon } from './use-cases/refresh-account-tokens.js';
export { saveConnection } from './use-cases/save-connection.js';
export {
  postingLimitMessage,
  type TikTokPrivacyChoices,
  tiktokPrivacyChoices,
} from './use-cases/tiktok-privacy-choices.js';
export { tokenLapsesSoon, warnExpiringTokens } from './use-cases/warn-expiring-tokens.js';
