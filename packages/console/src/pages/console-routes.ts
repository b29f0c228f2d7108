import type { ConsoleRoute } from '../console-context.js';
import { accountRoutes } from './account-page.js';
import { accountQueueRoutes } from './account-queue-page.js';
import { agentRoutes } from './agents-page.js';
import { analyticsRoutes } from './analytics-page.js';
import { approvalRulesRoutes } from './approval-rules-page.js';
import { approvalRoutes } from './approvals-page.js';
import { automationRoutes } from './automations-page.js';
import { billingRoutes } from './billing-page.js';
import { calendarMoveRoutes } from './calendar-move.js';
import { calendarRoutes } from './calendar-page.js';
import { composeRoutes } from './compose-page.js';
import { confirmationRoutes } from './confirmations.js';
import { connectionRoutes } from './connections-page.js';
import { deletedRoutes } from './deleted-page.js';
import { failedPostRoutes } from './failed-post-actions.js';
import { joinedWorkspaceRoutes } from './joined-workspace-page.js';
import { keyRoutes } from './keys-page.js';
import { mediaRoutes } from './media-page.js';
import { memberRoutes } from './members-page.js';
import { notificationRoutes } from './notifications-page.js';
import { overviewRoutes } from './overview-page.js';
import { postRoutes } from './posts-page.js';
import { reviewLinkRoutes } from './review-links-page.js';
import { secondFactorStepRoutes } from './second-factor-step-page.js';
import { securityRoutes } from './security-page.js';
import { signInRoutes } from './sign-in-page.js';
import { singleSignOnRoutes } from './single-sign-on-routes.js';
import { thumbnailRoutes } from './thumbnail-route.js';
import { webhookRoutes } from './webhooks-page.js';
import { workspaceSwitchRoutes } from './workspace-switch.js';

/** Every page and form target of the console. */
export function consoleRoutes(): readonly ConsoleRoute[] {
  return [
    ...signInRoutes,
    ...singleSignOnRoutes,
    ...secondFactorStepRoutes,
    ...overviewRoutes,
    ...calendarRoutes,
    ...calendarMoveRoutes,
    ...composeRoutes,
    ...postRoutes,
    ...approvalRoutes,
    ...approvalRulesRoutes,
    ...reviewLinkRoutes,
    ...deletedRoutes,
    ...mediaRoutes,
    ...thumbnailRoutes,
    ...connectionRoutes,
    ...accountQueueRoutes,
    ...automationRoutes,
    ...analyticsRoutes,
    ...memberRoutes,
    ...joinedWorkspaceRoutes,
    ...keyRoutes,
    ...agentRoutes,
    ...webhookRoutes,
    ...billingRoutes,
    ...accountRoutes,
    ...securityRoutes,
    ...notificationRoutes,
    ...confirmationRoutes,
    ...failedPostRoutes,
    ...workspaceSwitchRoutes,
  ];
}
