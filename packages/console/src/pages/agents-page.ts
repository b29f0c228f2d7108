import { emptyState, html } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { pageReply } from '../console-page.js';
import { type ConsoleReply, redirectReply } from '../console-reply.js';
import { confirmButton } from './confirm-page.js';
import { refusalPage } from './refusal-page.js';
import { stackTable } from './stack-table.js';

async function list(c: SignedContext): Promise<ConsoleReply> {
  const agents = c.deps.agents === undefined ? [] : await c.deps.agents.list(c.session.user.id);
  // The workspace each approval acts in, by the name the switcher shows.
  const names = new Map(c.session.workspaces.map((m) => [m.workspace.id, m.workspace.name]));
  const rows = agents.map(
    (a) => html`<tr>
<td>${a.clientName}<div class="muted"><code>${a.clientId}</code></div></td>
<td data-label="Workspace">${names.get(a.workspaceId) ?? html`<span class="muted">one you left</span>`}</td>
<td data-label="Scopes">${a.scopes.map((s) => html`<code>${s}</code> `)}</td>
<td data-label="Approved">${c.time.when(a.approvedAt)}</td>
<td data-label="Last used">${a.lastUsedAt === null ? html`<span class="muted">never</span>` : c.time.when(a.lastUsedAt)}</td>
<td data-label="Until">${a.expiresAt === null ? 'revoked only by you' : c.time.when(a.expiresAt)}</td>
<td>${confirmButton(`/app/agents/${a.grantId}/revoke`, 'Revoke', `Revoke ${a.clientName}`)}</td>
</tr>`,
  );
  const body = html`<p>Agents (AI assistants, automation tools) you approved through the sign-in page to use the
tool endpoint on your behalf, each in the workspace you chose for it. Revoking ends their access at once; they must ask again.</p>
${
  rows.length === 0
    ? emptyState(
        'No agent is approved. An agent asks for access from its own app; you approve it on a page of this server.',
        { href: '/app/keys', label: 'Or give a script an API key' },
      )
    : stackTable(['Agent', 'Workspace', 'Scopes', 'Approved', 'Last used', 'Until'], rows)
}`;
  const notice = c.url.searchParams.get('done') === 'revoked' ? 'The agent’s access was revoked.' : null;
  return pageReply(c, 200, { title: 'Agents', section: '/app/agents', body, notice });
}

async function revoke(c: SignedContext): Promise<ConsoleReply> {
  const revoked = (await c.deps.agents?.revoke(c.session.user.id, c.params.id ?? '')) ?? false;
  if (!revoked) {
    return refusalPage(c, {
      status: 404,
      title: 'Agents',
      section: '/app/agents',
      message: 'There is no such approval among yours.',
      back: { href: '/app/agents', label: 'Back to the agents' },
    });
  }
  return redirectReply('/app/agents?done=revoked');
}

/** The agents a person approved through OAuth, and revoking them. */
export const agentRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/agents', access: 'signed', run: list },
  { method: 'POST', path: '/app/agents/:id/revoke', access: 'signed', run: revoke },
];
