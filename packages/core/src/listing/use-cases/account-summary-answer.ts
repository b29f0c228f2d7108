import { z } from 'zod';
import { PLAN_KINDS } from '../../identity/index.js';
import { PLATFORMS, PUBLIC_POST_STATUSES } from '../../kernel/index.js';
import type { AccountSummary } from './get-account-summary.js';

/** What `getAccountSummary` answers, as JSON: the same on REST and in `svc_get_account_summary`. */
export const accountSummarySchema = z.object({
  plan: z.object({
    kind: z.enum(PLAN_KINDS),
    /** The plan that counts now: a trial past its end is `expired`. */
    state: z.enum(['trial', 'paid', 'expired']),
    trialEndsAt: z.string().nullable(),
    betaTester: z.boolean(),
  }),
  trial: z.object({
    state: z.enum(['active', 'ended', 'not_on_trial']),
    /** Whole days left, rounded up; null unless the trial is active. */
    daysLeft: z.number().int().nullable(),
  }),
  connectedAccounts: z.number().int(),
  postCounts: z.object(
    Object.fromEntries(PUBLIC_POST_STATUSES.map((s) => [s, z.number().int()])) as Record<
      (typeof PUBLIC_POST_STATUSES)[number],
      z.ZodNumber
    >,
  ),
  upcomingPosts: z.array(
    z.object({
      id: z.string(),
      platform: z.enum(PLATFORMS).nullable(),
      handle: z.string().nullable(),
      scheduledTime: z.string().nullable(),
      captionPreview: z.string(),
    }),
  ),
});

/** An account summary as JSON (dates as ISO strings). */
export function accountSummaryJson(summary: AccountSummary): z.infer<typeof accountSummarySchema> {
  return {
    plan: {
      kind: summary.plan.kind,
      state: summary.plan.state,
      trialEndsAt: summary.plan.trialEndsAt?.toISOString() ?? null,
      betaTester: summary.plan.betaTester,
    },
    trial: {
      state: summary.trial.state,
      daysLeft: summary.trial.state === 'active' ? summary.trial.daysLeft : null,
    },
    connectedAccounts: summary.connectedAccounts,
    postCounts: { ...summary.postCounts },
    upcomingPosts: summary.upcomingPosts.map((p) => ({
      id: p.id,
      platform: p.platform,
      handle: p.handle,
      scheduledTime: p.scheduledTime?.toISOString() ?? null,
      captionPreview: p.captionPreview,
    })),
  };
}
