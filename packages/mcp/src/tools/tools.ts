import type { AnyTool } from '../tool-definition.js';
import { addMediaFromUrlTool } from './add-media-from-url-tool.js';
import { deleteScheduledPostTool } from './delete-scheduled-post-tool.js';
import { draftPostTool } from './draft-post-tool.js';
import { exportAutomationTemplateTool } from './export-automation-template-tool.js';
import { getAccountSummaryTool } from './get-account-summary-tool.js';
import { getAnalyticsTool } from './get-analytics-tool.js';
import { getBillingSummaryTool } from './get-billing-summary-tool.js';
import { getPostApprovalStatusTool } from './get-post-approval-status-tool.js';
import { getPostStatusTool } from './get-post-status-tool.js';
import { getQueueTool } from './get-queue-tool.js';
import { getTiktokPostingOptionsTool } from './get-tiktok-posting-options-tool.js';
import { importAutomationTemplateTool } from './import-automation-template-tool.js';
import { listConnectedSocialAccountsTool } from './list-connected-social-accounts-tool.js';
import { listMembersTool } from './list-members-tool.js';
import { listProfilesTool } from './list-profiles-tool.js';
import { listScheduledPostsTool } from './list-scheduled-posts-tool.js';
import { requestPostApprovalTool } from './request-post-approval-tool.js';
import { schedulePostTool } from './schedule-post-tool.js';
import { setPostingSlotsTool } from './set-posting-slots-tool.js';
import { updateScheduledPostTool } from './update-scheduled-post-tool.js';
import { validatePostPolicyTool } from './validate-post-policy-tool.js';

/**
 * The tools served today, in listing order: discovery and scheduling, then the post lifecycle
 * (drafts, approvals, listing, editing, deleting), the account and billing summaries, analytics,
 * and the Instagram automation templates: the 18 tools of spec 4.2, then the queue and its slots (docs/queue.md), then the workspace's members (docs/teams.md).
 */
export const TOOLS: readonly AnyTool[] = [
  listProfilesTool,
  listConnectedSocialAccountsTool,
  schedulePostTool,
  getPostStatusTool,
  getTiktokPostingOptionsTool,
  addMediaFromUrlTool,
  validatePostPolicyTool,
  draftPostTool,
  requestPostApprovalTool,
  getPostApprovalStatusTool,
  listScheduledPostsTool,
  updateScheduledPostTool,
  deleteScheduledPostTool,
  getAccountSummaryTool,
  getBillingSummaryTool,
  getAnalyticsTool,
  importAutomationTemplateTool,
  exportAutomationTemplateTool,
  getQueueTool,
  setPostingSlotsTool,
  listMembersTool,
];
