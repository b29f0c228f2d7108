import { deleteAutomation, exportAutomationTemplate, listAutomations, setAutomationRunning } from '@svc/core';
import { emptyState, html, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField, pageReply } from '../console-page.js';
import { type ConsoleReply, redirectReply } from '../console-reply.js';
import { confirmButton } from './confirm-page.js';
import { refusalPage } from './refusal-page.js';

async function list(c: SignedContext): Promise<ConsoleReply> {
  const automations = await unwrap(listAutomations(c.deps.core, c.actor));
  const items = automations.map((a) => {
    const n = a.counts;
    const action = (path: string, label: string, kind = 'secondary') =>
      html`<form class="inline" method="post" action="/app/automations/${a.id}/${path}">${csrfField(c.session)}<button class="${kind}" type="submit">${label}</button></form>`;
    return html`<section class="card" aria-labelledby="auto-${a.id}">
<h2 id="auto-${a.id}">${a.name}</h2>
<p>${a.state === 'live' ? 'Live' : a.state === 'paused' ? 'Paused' : 'Draft'}${a.postId === null ? '' : html` on <a href="/app/posts/${a.postId}">the watched post</a>`} · ${a.trigger === 'keyword' ? 'keyword trigger' : 'every comment'}</p>
${a.needsReconnect ? html`<p role="alert">The Instagram account must be reconnected before anything is sent${a.missingPermissions.length === 0 ? '' : ` (missing ${a.missingPermissions.join(', ')})`}.</p>` : ''}
<p>${n.matched} matched · ${n.privateReplies} private and ${n.publicReplies} public replies sent · skipped: ${n.skipped.noKeyword} without the keyword, ${n.skipped.excluded} excluded, ${n.skipped.tooOld} too old · ${n.failed} refused</p>
<div class="actions">
${a.state === 'live' ? action('pause', 'Pause') : a.state === 'paused' ? action('resume', 'Resume', '') : ''}
${a.state === 'draft' ? '' : html`<a href="/app/automations/${a.id}/template">Template file</a>`}
${confirmButton(`/app/automations/${a.id}/delete`, 'Delete', `Delete ${a.name}`)}
</div></section>`;
  });
  const notice = c.url.searchParams.get('done') === 'deleted' ? 'The automation was deleted.' : null;
  const body =
    items.length === 0
      ? emptyState(
          html`No automation yet. Agents import templates with <code>svc_import_automation_template</code>; see docs/automations.md.`,
          { href: '/app/agents', label: 'See your agents' },
        )
      : html`${items}`;
  return pageReply(c, 200, { title: 'Automations', section: '/app/automations', body, notice });
}

const running =
  (on: boolean) =>
  async (c: SignedContext): Promise<ConsoleReply> => {
    const changed = await setAutomationRunning(c.deps.core, c.actor, c.params.id ?? '', on);
    if (changed.isErr()) return refused(c, changed.error.message);
    return redirectReply('/app/automations');
  };

async function remove(c: SignedContext): Promise<ConsoleReply> {
  const removed = await deleteAutomation(c.deps.core, c.actor, c.params.id ?? '');
  if (removed.isErr()) return refused(c, removed.error.message);
  return redirectReply('/app/automations?done=deleted');
}

// The template as a file to keep or import elsewhere: no ids, no account.
async function template(c: SignedContext): Promise<ConsoleReply> {
  const exported = await exportAutomationTemplate(c.deps.core, c.actor, c.params.id ?? '');
  if (exported.isErr()) return refused(c, exported.error.message);
  return {
    status: 200,
    body: `${JSON.stringify(exported.value, null, 2)}\n`,
    contentType: 'application/json; charset=utf-8',
    headers: { 'content-disposition': 'attachment; filename="automation-template.json"' },
  };
}

function refused(c: SignedContext, message: string): ConsoleReply {
  return refusalPage(c, {
    status: 409,
    title: 'Automations',
    section: '/app/automations',
    message,
    back: { href: '/app/automations', label: 'Back to the automations' },
  });
}

/** Instagram comment automations: counts, pause, resume, delete, the template file. */
export const automationRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/automations', access: 'signed', run: list },
  { method: 'POST', path: '/app/automations/:id/pause', access: 'signed', run: running(false) },
  { method: 'POST', path: '/app/automations/:id/resume', access: 'signed', run: running(true) },
  { method: 'POST', path: '/app/automations/:id/delete', access: 'signed', run: remove },
  { method: 'GET', path: '/app/automations/:id/template', access: 'signed', run: template },
];
