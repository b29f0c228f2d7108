import { z } from 'zod';
import type { AutomationView } from './automation-view.js';

/** An automation as JSON: the same on REST and in the automation tools. */
export const automationSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(['draft', 'live', 'paused']),
  profileId: z.string(),
  postId: z.string().nullable(),
  trigger: z.enum(['keyword', 'every_comment']),
  template: z.record(z.string(), z.unknown()),
  counts: z.object({
    matched: z.number().int(),
    privateReplies: z.number().int(),
    publicReplies: z.number().int(),
    skipped: z.object({ noKeyword: z.number().int(), excluded: z.number().int(), tooOld: z.number().int() }),
    failed: z.number().int(),
  }),
  needsReconnect: z.boolean(),
  missingPermissions: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The JSON form of an automation view (dates as ISO strings). */
export function automationJson(view: AutomationView): z.infer<typeof automationSchema> {
  return {
    ...view,
    template: { ...view.template },
    counts: { ...view.counts, skipped: { ...view.counts.skipped } },
    missingPermissions: [...view.missingPermissions],
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
  };
}
