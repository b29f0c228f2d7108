import { accountSummaryJson, accountSummarySchema, getAccountSummary, PUBLIC_POST_STATUSES } from '@svc/core';
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
  action: 'account:read',
  annotations: READ_ONLY,
  input: z.strictObject({}),
  output: accountSummarySchema,
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
        structured: accountSummaryJson(summary),
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
