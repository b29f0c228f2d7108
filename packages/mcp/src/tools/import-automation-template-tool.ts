import { automationJson, automationSchema, importAutomationTemplate } from '@svc/core';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { WRITE } from './annotations.js';
import { coreInput } from './core-input.js';

/** `svc_import_automation_template`: checks a template, or sets up an Instagram auto reply from it. */
export const importAutomationTemplateTool = defineTool({
  name: 'svc_import_automation_template',
  title: 'Import automation template',
  description:
    'Imports an Instagram auto-reply template: when someone comments on a post (every comment, or one with a keyword), the account sends them a private reply (a direct message) and optionally a public reply under the comment. The template is an object or the text of a template file, with svcTemplate (1), name, trigger ("keyword" or "every_comment"), keyword or keywords, message (the private reply), and optional publicReply, match ("word", "contains", "exact") and excludeKeywords. Without profile_id nothing is written: the checked template is handed back with every problem listed. With profile_id (an Instagram account) the automation is created: without post_id it is saved as a draft that sends nothing; with post_id (a published Instagram post of that account) it goes live.',
  scope: 'automation:write',
  action: 'automation:manage',
  annotations: WRITE,
  input: z.strictObject({
    template: z
      .union([z.record(z.string(), z.unknown()), z.string()])
      .describe('The template: a JSON object, or the text of a template file.'),
    profile_id: z
      .string()
      .min(1)
      .optional()
      .describe('The Instagram account to set it up on; omit to only check the template.'),
    post_id: z
      .string()
      .min(1)
      .optional()
      .describe('The published Instagram post whose comments it answers; omit to save a draft.'),
  }),
  output: z.object({
    saved: z.boolean(),
    valid: z.boolean(),
    template: z.record(z.string(), z.unknown()).nullable(),
    problems: z.array(z.object({ field: z.string(), message: z.string() })),
    automation: automationSchema.nullable(),
  }),
  async run({ deps, actor }, args) {
    return importAutomationTemplate(deps.core, actor, coreInput(args)).map((outcome) => {
      if (!outcome.saved) {
        return {
          structured: {
            saved: false,
            valid: outcome.valid,
            template: outcome.template,
            problems: [...outcome.problems],
            automation: null,
          },
          summary: outcome.valid
            ? 'The template is valid (nothing was saved: give profile_id to set it up).'
            : `The template has ${outcome.problems.length} problem(s): ${outcome.problems.map((p) => `${p.field}: ${p.message}`).join(' ')}`,
        };
      }
      const automation = automationJson(outcome.automation);
      return {
        structured: { saved: true, valid: true, template: automation.template, problems: [], automation },
        summary:
          automation.state === 'live'
            ? `Automation ${automation.id} "${automation.name}" is live on post ${automation.postId}.`
            : `Automation ${automation.id} "${automation.name}" is saved as a draft; it sends nothing until it is imported with post_id.`,
      };
    });
  },
});
