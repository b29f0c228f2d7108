import { z } from 'zod';

/** A content policy finding as JSON: the same on REST and in the tools. */
export const policyIssueSchema = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning']),
  platform: z.string().nullable(),
  field: z.string(),
  message: z.string(),
});

/** What the policy check answers: `ok` when there is no error (warnings do not block). */
export const policyResultSchema = z.object({
  ok: z.boolean(),
  errors: z.array(policyIssueSchema),
  warnings: z.array(policyIssueSchema),
});
