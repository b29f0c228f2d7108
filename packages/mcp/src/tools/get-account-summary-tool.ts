import { getAccountSummary, PLAN_KINDS, PLATFORMS, PUBLIC_POST_STATUSES } from '@svc/core';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { READ_ONLY } from './annotations.js';

/** `svc_get_account_summary`: plan, trial, accounts, post counts and the next posts. No secrets. */
export const getAccountSummaryTool = defineTool({
  name: 'svc_get_account_summary',
  title: 'Get account summary',
  description:
    'Returns the account at a glance: plan and trial state, connected account count, post counts by status and the next three posts to go out. Never returns tokens or secrets.',
  scope: 'account:read',
  annotations: READ_ONLY,
  input: z.strictObject({}),
  output: z.object({
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
  }),
  async run({ deps, actor }) {
    return getAccountSummary(deps.core, actor).map((summary) => {
      const upcoming = summary.upcomingPosts.map((p) => ({
        id: p.id,
        platform: p.platform,
        handle: p.handle,
        scheduledTime: p.scheduledTime?.toISOString() ?? null,
        captionPreview: p.captionPreview,
      }));
      const trial = summary.trial.state === 'active' ? `, trial: ${summary.trial.daysLeft} day(s) left` : '';
      const counts = PUBLIC_POST_STATUSES.map((s) => `${summary.postCounts[s]} ${s}`).join(', ');
      return {
        structured: {
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
          upcomingPosts: upcoming,
        },
        summary: [
          `Plan: ${summary.plan.state}${trial}. ${summary.connectedAccounts} connected account(s).`,
          `Posts: ${counts}.`,
          upcoming.length === 0
            ? 'Nothing upcoming.'
            : `Next: ${upcoming.map((p) => `${p.id} at ${p.scheduledTime} (${p.platform ?? '?'}${p.handle === null ? '' : ` @${p.handle}`})`).join('; ')}.`,
        ].join('\n'),
      };
    });
  },
});
