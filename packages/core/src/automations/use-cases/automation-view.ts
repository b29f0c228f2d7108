import type { Automation, AutomationState } from '../automation.js';
import { type AutomationTemplate, templateFile } from '../automation-template.js';

/** Whether an automation's account can answer comments now. */
export type AutomationReadiness = {
  /** True when the account must be reconnected before the automation can send anything. */
  readonly needsReconnect: boolean;
  /** The permissions comment automations need that the account's grant lacks. */
  readonly missingPermissions: readonly string[];
};

/** An automation as REST and the tools show it to its owner. */
export type AutomationView = {
  readonly id: string;
  readonly name: string;
  readonly state: AutomationState;
  readonly profileId: string;
  /** The watched post; null for a draft. */
  readonly postId: string | null;
  readonly trigger: AutomationTemplate['trigger'];
  /** The automation's settings as a version-1 template (what an export would give). */
  readonly template: Record<string, unknown>;
  readonly counts: {
    readonly matched: number;
    readonly privateReplies: number;
    readonly publicReplies: number;
    readonly skipped: { readonly noKeyword: number; readonly excluded: number; readonly tooOld: number };
    readonly failed: number;
  };
  readonly needsReconnect: boolean;
  readonly missingPermissions: readonly string[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
};

/** The owner's view of an automation. */
export function automationView(automation: Automation, readiness: AutomationReadiness): AutomationView {
  const c = automation.counts;
  return {
    id: automation.id,
    name: automation.template.name,
    state: automation.state,
    profileId: automation.accountId,
    postId: automation.postId,
    trigger: automation.template.trigger,
    template: templateFile(automation.template),
    counts: {
      matched: c.matched,
      privateReplies: c.private_replies,
      publicReplies: c.public_replies,
      skipped: { noKeyword: c.skipped_no_keyword, excluded: c.skipped_excluded, tooOld: c.skipped_too_old },
      failed: c.failed,
    },
    needsReconnect: readiness.needsReconnect,
    missingPermissions: [...readiness.missingPermissions],
    createdAt: automation.createdAt,
    updatedAt: automation.updatedAt,
  };
}
