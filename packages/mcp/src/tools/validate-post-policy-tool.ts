import { policyResultSchema, validatePolicyPreview } from '@svc/core';
import { ok } from 'neverthrow';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { READ_ONLY } from './annotations.js';

/**
 * `svc_validate_post_policy`: the offline policy check. Its argument names `mediaUrlsCount` and
 * `platformMeta` are camelCase because the spec names them so (the one exception to snake_case).
 */
export const validatePostPolicyTool = defineTool({
  name: 'svc_validate_post_policy',
  title: 'Validate post policy',
  description:
    'Checks a planned post against every platform rule without writing anything: caption length, media requirements, hashtag ceilings, link clickability, required YouTube titles, and warnings for personal data or prohibited content. Returns every error and warning at once, each saying what to do.',
  scope: null,
  action: null,
  annotations: READ_ONLY,
  input: z.strictObject({
    caption: z.string(),
    platforms: z.array(z.string()).min(1),
    mediaUrlsCount: z.number().int().min(0).optional().describe('How many media slides the post will have.'),
    hashtags: z.array(z.string()).optional(),
    title: z.string().optional(),
    platformMeta: z.record(z.string(), z.unknown()).optional(),
  }),
  output: policyResultSchema,
  async run({ deps }, args) {
    const result = validatePolicyPreview(args, deps.core.policy);
    const lines = [...result.errors, ...result.warnings].map(
      (i) => `${i.severity} ${i.code}${i.platform === null ? '' : ` (${i.platform})`}: ${i.message}`,
    );
    return ok({
      structured: { ok: result.ok, errors: [...result.errors], warnings: [...result.warnings] },
      summary: `${result.ok ? 'Passes' : 'Fails'} the policy${lines.length === 0 ? '.' : `:\n${lines.join('\n')}`}`,
    });
  },
});
