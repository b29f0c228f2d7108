import {
  automationJson,
  automationSchema,
  deleteAutomation,
  exportAutomationTemplate,
  importAutomationTemplate,
  listAutomations,
  setAutomationRunning,
} from '@svc/core';
import { unwrap } from '@svc/web';
import { z } from 'zod';
import { countedList, countedListSchema } from '../counted-list.js';
import type { HttpDeps } from '../http-deps.js';
import { actorOf } from '../http-state.js';
import { type AnyOperation, defineOperation } from '../operation.js';
import { removedAnswer } from '../removed-answer.js';
import { useCaseOperation } from '../use-case-operation.js';

const TEMPLATE_EXAMPLE = {
  svcTemplate: 1,
  name: 'Send the guide',
  trigger: 'keyword',
  keyword: 'GUIDE',
  message: 'Here is the guide: https://example.com/guide',
  publicReply: 'Sent you a DM!',
};

const importSchema = z.object({
  template: z
    .union([z.record(z.string(), z.unknown()), z.string()])
    .describe('The template: a JSON object, or the text of a template file.'),
  profileId: z.string().min(1).nullish().describe('The Instagram account; omit to only check the template.'),
  postId: z
    .string()
    .min(1)
    .nullish()
    .describe('The published post whose comments it answers; omit for a draft.'),
});

const importedSchema = z.union([
  z.object({
    saved: z.literal(false),
    valid: z.boolean(),
    template: z.record(z.string(), z.unknown()).nullable(),
    problems: z.array(z.object({ field: z.string(), message: z.string() })),
  }),
  z.object({ saved: z.literal(true), automation: automationSchema }),
]);

/**
 * Instagram comment automations over REST (docs/automations.md): the same use cases as
 * `svc_import_automation_template` and `svc_export_automation_template`, plus listing, pausing,
 * resuming and deleting.
 */
export function automationOperations(deps: HttpDeps): AnyOperation[] {
  const running = (on: boolean) =>
    useCaseOperation({
      id: on ? 'resumeAutomation' : 'pauseAutomation',
      method: 'POST',
      path: `/api/v1/automations/{id}/${on ? 'resume' : 'pause'}`,
      tag: 'Automations',
      summary: on ? 'Resume a paused automation' : 'Pause a live automation',
      scope: 'automation:write',
      action: 'automation:manage',
      answer: { description: 'The automation as it is now.', schema: automationSchema },
      errors: [
        'automation_not_found',
        'invalid_automation_state',
        'account_needs_reconnect',
        'platform_unreachable',
      ],
    })(deps.core, (core, actor, id) => setAutomationRunning(core, actor, id, on), automationJson);

  return [
    useCaseOperation({
      id: 'listAutomations',
      method: 'GET',
      path: '/api/v1/automations',
      tag: 'Automations',
      summary: 'List comment automations with their counts',
      scope: 'automation:read',
      action: 'automation:read',
      answer: {
        description: 'Every automation the key may see.',
        schema: countedListSchema('automations', automationSchema),
      },
      errors: [],
    })(deps.core, listAutomations, countedList('automations', automationJson)),
    defineOperation({
      id: 'importAutomation',
      method: 'POST',
      path: '/api/v1/automations/import',
      tag: 'Automations',
      summary: 'Check a template, or set up an automation from it',
      description:
        'Without profileId nothing is written: the checked template comes back with every problem (200). With profileId the automation is created (201): a draft without postId, live with one.',
      access: { scope: 'automation:write', action: 'automation:manage' },
      body: { kind: 'json', schema: importSchema, example: { template: TEMPLATE_EXAMPLE } },
      responses: {
        200: { description: 'The template was checked; nothing was saved.', schema: importedSchema },
        201: { description: 'The automation was created.', schema: importedSchema },
      },
      errors: [
        'invalid_template',
        'invalid_profile_ids',
        'profile_scope_denied',
        'post_not_found',
        'invalid_post_state',
        'account_needs_reconnect',
        'platform_unreachable',
      ],
    })(async ({ ctx, body }) => {
      const outcome = await unwrap(
        importAutomationTemplate(deps.core, actorOf(ctx), {
          template: body.template,
          profileId: body.profileId ?? null,
          postId: body.postId ?? null,
        }),
      );
      if (!outcome.saved) return { status: 200, body: { ...outcome, problems: [...outcome.problems] } };
      return { status: 201, body: { saved: true, automation: automationJson(outcome.automation) } };
    }),
    useCaseOperation({
      id: 'exportAutomation',
      method: 'GET',
      path: '/api/v1/automations/{id}/export',
      tag: 'Automations',
      summary: 'Export an automation as a template file',
      scope: 'automation:read',
      action: 'automation:read',
      answer: {
        description: 'The version-1 template: no post, account or handle in it.',
        schema: z.record(z.string(), z.unknown()),
        example: TEMPLATE_EXAMPLE,
      },
      errors: ['automation_not_found', 'automation_is_draft'],
    })(deps.core, exportAutomationTemplate),
    running(false),
    running(true),
    useCaseOperation({
      id: 'deleteAutomation',
      method: 'DELETE',
      path: '/api/v1/automations/{id}',
      tag: 'Automations',
      summary: 'Delete an automation',
      scope: 'automation:write',
      action: 'automation:manage',
      answer: removedAnswer('deleted', 'It stops at once.'),
      errors: ['automation_not_found'],
    })(deps.core, deleteAutomation),
  ];
}
