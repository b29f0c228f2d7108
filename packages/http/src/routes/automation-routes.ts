import {
  deleteAutomation,
  exportAutomationTemplate,
  importAutomationTemplate,
  listAutomations,
  setAutomationRunning,
} from '@svc/core';
import type { Context } from 'koa';
import { authenticate } from '../authenticate.js';
import type { HttpDeps } from '../http-deps.js';
import { actorOf, type HttpState } from '../http-state.js';
import { jsonBody } from '../json-body.js';
import type { Route } from '../route-table.js';
import { unwrap } from '../svc-failure.js';

type AutomationContext = Context & { state: HttpState };

/**
 * Instagram comment automations over REST (docs/automations.md): the same use cases as
 * `svc_import_automation_template` and `svc_export_automation_template`, plus listing, pausing,
 * resuming and deleting.
 */
export function automationRoutes(deps: HttpDeps): Route[] {
  const auth = authenticate(deps.core);
  const json = jsonBody();
  const idOf = (ctx: AutomationContext) => ctx.state.params?.id ?? '';

  const list = async (ctx: AutomationContext) => {
    const automations = await unwrap(listAutomations(deps.core, actorOf(ctx)));
    ctx.body = { automations, count: automations.length };
  };
  const importTemplate = async (ctx: AutomationContext) => {
    const body = ctx.request.body as Record<string, unknown>;
    const outcome = await unwrap(
      importAutomationTemplate(deps.core, actorOf(ctx), {
        template: body.template,
        profileId: typeof body.profileId === 'string' ? body.profileId : null,
        postId: typeof body.postId === 'string' ? body.postId : null,
      }),
    );
    ctx.status = outcome.saved ? 201 : 200;
    ctx.body = outcome;
  };
  const exportTemplate = async (ctx: AutomationContext) => {
    ctx.body = await unwrap(exportAutomationTemplate(deps.core, actorOf(ctx), idOf(ctx)));
  };
  const running = (on: boolean) => async (ctx: AutomationContext) => {
    ctx.body = await unwrap(setAutomationRunning(deps.core, actorOf(ctx), idOf(ctx), on));
  };
  const remove = async (ctx: AutomationContext) => {
    ctx.body = await unwrap(deleteAutomation(deps.core, actorOf(ctx), idOf(ctx)));
  };

  return [
    { method: 'GET', path: '/api/v1/automations', handlers: [auth, list] },
    { method: 'POST', path: '/api/v1/automations/import', handlers: [auth, json, importTemplate] },
    { method: 'GET', path: '/api/v1/automations/:id/export', handlers: [auth, exportTemplate] },
    { method: 'POST', path: '/api/v1/automations/:id/pause', handlers: [auth, running(false)] },
    { method: 'POST', path: '/api/v1/automations/:id/resume', handlers: [auth, running(true)] },
    { method: 'DELETE', path: '/api/v1/automations/:id', handlers: [auth, remove] },
  ];
}
