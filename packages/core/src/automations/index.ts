// @svc/core/automations — Comment automations: templates, matching a comment and deciding the replies, the comment intake.
// This file is the area's contract: other areas and packages import only what it exports.

export {
  AUTOMATION_COUNTERS,
  type Automation,
  type AutomationCounter,
  type AutomationCounts,
  type AutomationState,
  automationEvent,
  zeroCounts,
} from './automation.js';
export {
  type AutomationTemplate,
  type KeywordMatch,
  readAutomationTemplate,
  TEMPLATE_LIMITS,
  TEMPLATE_VERSIONS,
  type TemplateProblem,
  type TemplateReading,
  templateFile,
} from './automation-template.js';
export { type CommentMatch, matchComment } from './comment-match.js';
export type { CommentStage, CounterIncrement } from './comment-stage.js';
export { type CommentDelivery, type InboxComment, readCommentWebhook } from './comment-webhook.js';
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
} from './decide-comment.js';
export type {
  AutomationStore,
  CommentAdvance,
  CommentJob,
  LiveAutomation,
} from './ports/automation-store.js';
export type { HmacVerifier } from './ports/hmac-verifier.js';
export { automationAccount, automationReadiness, startCommentWatch } from './use-cases/automation-account.js';
export { automationJson, automationSchema } from './use-cases/automation-answer.js';
export { automationOwner } from './use-cases/automation-owner.js';
export {
  type AutomationReadiness,
  type AutomationView,
  automationView,
} from './use-cases/automation-view.js';
export {
  type ImportTemplateInput,
  type ImportTemplateOutcome,
  importAutomationTemplate,
} from './use-cases/import-automation-template.js';
export {
  answerWebhookHandshake,
  type CommentWebhookReceipt,
  type InstagramWebhookSettings,
  receiveCommentWebhook,
  type WebhookHandshake,
} from './use-cases/instagram-comment-webhook.js';
export {
  deleteAutomation,
  exportAutomationTemplate,
  listAutomations,
  setAutomationRunning,
} from './use-cases/manage-automations.js';
