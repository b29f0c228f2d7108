// @svc/core/identity — Who acts: users, their plans and entitlements, API keys, scopes, OAuth grants, sessions and passwords.
// This file is the area's contract: other areas and packages import only what it exports.
export {
  type ActingMember,
  type Actor,
  actorCanSeeAccount,
  actorMember,
  actorOwner,
  actorWorkspaceId,
  operatorActor,
  requireScope,
  workspaceOperator,
} from './actor.js';
export { API_KEY_SCAN_PATTERN, type ApiKey, apiKeySchema, formatApiKey, parseApiKey } from './api-key.js';
export { decideLastUse } from './decide-last-use.js';
export {
  checkApiAccess,
  checkCanSchedule,
  checkCanUpload,
  checkCanUseTools,
  DEFAULT_PLAN_LIMITS,
  isPlanRefusal,
  limitsFor,
  type PlanLimitsTable,
  type PlanState,
  planStateAt,
  postQuotaOf,
  quotaWindowStart,
} from './entitlements.js';
export {
  CONSOLE_CREDENTIAL_PREFIX,
  eventActorOf,
  eventsBy,
  OAUTH_CREDENTIAL_PREFIX,
  REVIEW_LINK_CREDENTIAL_PREFIX,
} from './event-actor-of.js';
export {
  DEFAULT_NEW_USER_PLAN,
  DEFAULT_PLAN_KINDS,
  MAX_TRIAL_DAYS,
  type NewUserPlanSetting,
} from './new-user-plan.js';
export { newUserPlanNote } from './new-user-plan-note.js';
export {
  MCP_OAUTH_SCOPES,
  MCP_RESOURCE_SCOPES,
  oauthScopeFor,
  scopesForOAuth,
} from './oauth-scopes.js';
export { passwordChangeProblem } from './password-change-problem.js';
export { PASSWORD_LENGTH, passwordProblem } from './password-rules.js';
export { type NoticeLine, type NoticePart, type PlanNotice, planNotice } from './plan-notice.js';
export type { AgentAccess, AgentGrant } from './ports/agent-access.js';
export type { ApiKeyStore } from './ports/api-key-store.js';
export type { KeyHasher } from './ports/key-hasher.js';
export type { OAuthRecord, OAuthStore } from './ports/oauth-store.js';
export type { PasswordHasher } from './ports/password-hasher.js';
export type { SignInSessions } from './ports/sign-in-sessions.js';
export type { UserStore } from './ports/user-store.js';
export { SCOPE_ACTIONS } from './scope-action.js';
export { hasScope, REST_SCOPES, SCOPES, type Scope, scopeSchema, TOOL_SCOPES } from './scopes.js';
export { type TrialState, trialStateAt } from './trial-state.js';
export {
  actorInWorkspace,
  type CredentialActor,
  sessionActor,
} from './use-cases/actor-in-workspace.js';
export { adoptBrowserTimeZone } from './use-cases/adopt-browser-time-zone.js';
// How a stored key becomes an Actor (actorOfWorkspaceKey, intersectAccountLimits) stays inside identity.
export { authenticateApiKey, checkWorkspaceApiAccess } from './use-cases/authenticate-api-key.js';
export {
  type ChangePasswordDeps,
  changePassword,
} from './use-cases/change-password.js';
export { checkAccountLimit } from './use-cases/check-account-limit.js';
export { type CreateUserInput, createUser, findUserByEmail } from './use-cases/create-user.js';
export {
  authenticateBearer,
  exchangeKeyForMcpToken,
  LEGACY_MCP_TOKEN_LIFETIME_MS,
} from './use-cases/legacy-mcp-token.js';
export { createApiKey, listApiKeys, revokeApiKey } from './use-cases/manage-api-keys.js';
export {
  actorCanReadPost,
  namedPosts,
  type ReadablePostIds,
  readablePostIds,
} from './use-cases/readable-post-ids.js';
export { revokeOwnApiKey } from './use-cases/revoke-own-api-key.js';
export { setTimeZone } from './use-cases/set-time-zone.js';
export { type PlanChange, type SetUserPlanInput, setUserPlan } from './use-cases/set-user-plan.js';
export {
  entitledUseCase,
  itemUseCase,
  type Needs,
  requireRight,
  useCase,
  useCaseOn,
} from './use-cases/use-case.js';
export { planHolderOf } from './use-cases/workspace-plan-holder.js';
export {
  AGENT_GRANT_KIND,
  boundWorkspaceOf,
  CONSOLE_SESSION_KIND,
  endSignInsInWorkspace,
  revokeAgentGrant,
} from './use-cases/workspace-sign-ins.js';
export {
  DEFAULT_TIME_ZONE,
  emailSchema,
  PLAN_KINDS,
  type Plan,
  type PlanKind,
  parseEmail,
  type User,
} from './user.js';
