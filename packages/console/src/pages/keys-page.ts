import {
  actorWorkspaceId,
  type ConnectedAccount,
  createApiKey,
  listApiKeys,
  listConnections,
  revokeOwnApiKey,
  SCOPE_WORDS,
  SCOPES,
} from '@svc/core';
import { emptyState, type Html, html, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField, messagePage } from '../console-page.js';
import { type ConsoleReply, htmlReply, redirectReply } from '../console-reply.js';
import {
  accountHandles,
  accountLimitCell,
  accountLimitFieldset,
  accountLimitOf,
} from './account-limit-fields.js';
import { confirmButton } from './confirm-page.js';

// Every scope core knows, the ones that grant everything first, so the form never lags the list.
const SCOPE_CHOICES = [...SCOPES].sort((a, b) => Number(b.endsWith('*')) - Number(a.endsWith('*')));

function createForm(c: SignedContext, accounts: readonly ConnectedAccount[]): Html {
  return html`<section class="card" aria-labelledby="new-key"><h2 id="new-key">Create a key</h2>
<form method="post" action="/app/keys">${csrfField(c.session)}
<label for="key-name">Name</label>
<input id="key-name" name="name" type="text" maxlength="100" placeholder="e.g. n8n workflow">
<fieldset><legend>Scopes</legend>
${SCOPE_CHOICES.map((s) => html`<label><input type="checkbox" name="scope" value="${s}"> <code>${s}</code> <span class="muted">${SCOPE_WORDS[s]}</span></label>`)}
</fieldset>
${accountLimitFieldset(accounts)}
<div class="actions"><button type="submit">Create key</button></div>
</form></section>`;
}

async function page(
  c: SignedContext,
  extra: { notice?: string | null; alert?: string | null; created?: string | null },
): Promise<string> {
  const keys = await unwrap(listApiKeys(c.deps.core, c.session.user.email, actorWorkspaceId(c.actor)));
  const accounts = await unwrap(listConnections(c.deps.core, c.actor));
  const handles = accountHandles(accounts);
  const rows = [...keys]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map(
      (k) => html`<tr>
<td>${k.name ?? html`<span class="muted">unnamed</span>`}<div class="muted"><code>${k.id}</code></div></td>
<td data-label="Scopes">${k.scopes.map((s) => html`<code>${s}</code> `)}</td>
<td data-label="Accounts">${accountLimitCell(k.accountIds, handles)}</td>
<td data-label="Created">${c.time.when(k.createdAt)}</td>
<td data-label="Last used">${k.lastUsedAt === null ? html`<span class="muted">never</span>` : c.time.when(k.lastUsedAt)}</td>
<td data-label="State">${k.revokedAt !== null ? html`revoked ${c.time.when(k.revokedAt)}` : k.expiresAt === null ? 'active' : html`expires ${c.time.when(k.expiresAt)}`}</td>
<td>${
        k.revokedAt === null
          ? confirmButton(`/app/keys/${k.id}/revoke`, 'Revoke', `Revoke ${k.name ?? k.id}`)
          : ''
      }</td></tr>`,
    );
  const created =
    extra.created === undefined || extra.created === null
      ? ''
      : html`<section class="card" aria-labelledby="created-key"><h2 id="created-key">Your new key</h2>
<p>Copy it now: it is shown this once and stored only as a hash.</p>
<p class="secret" id="new-key-value">${extra.created}</p>
<button type="button" class="secondary" data-copy="new-key-value" hidden>Copy</button></section>`;
  const body = html`${created}
${createForm(c, accounts)}
<h2>Your keys</h2>
${
  rows.length === 0
    ? emptyState('No key yet. A key lets a script or an automation use the API as you.', {
        href: '#key-name',
        label: 'Create a key',
      })
    : html`<div class="table stack"><table><thead><tr><th scope="col">Key</th><th scope="col">Scopes</th><th scope="col">Accounts</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">State</th><th scope="col"><span class="skip">Actions</span></th></tr></thead><tbody>${rows}</tbody></table></div>`
}`;
  return messagePage(c.session, { title: 'API keys', section: '/app/keys', body }, extra);
}

async function show(c: SignedContext): Promise<ConsoleReply> {
  const notice =
    c.url.searchParams.get('done') === 'revoked' ? 'The key was revoked: it no longer works anywhere.' : null;
  return htmlReply(200, await page(c, { notice }));
}

async function create(c: SignedContext): Promise<ConsoleReply> {
  const accountIds = accountLimitOf(c.form);
  const name = (c.form.get('name') ?? '').trim();
  const created = await createApiKey(c.deps.core, {
    email: c.session.user.email,
    // The workspace the console acts in: a key made here acts there, with the person's role.
    workspaceId: actorWorkspaceId(c.actor),
    scopes: c.form.getAll('scope'),
    accountIds,
    name: name === '' ? null : name,
    expiresInDays: null,
  });
  if (created.isErr()) return htmlReply(400, await page(c, { alert: created.error.message }));
  // Answered here, not after a redirect: the key must never travel in a URL or be shown twice.
  return htmlReply(201, await page(c, { created: created.value.key }));
}

async function revoke(c: SignedContext): Promise<ConsoleReply> {
  const revoked = await revokeOwnApiKey(c.deps.core, c.actor, c.params.id ?? '');
  if (revoked.isErr()) return htmlReply(404, await page(c, { alert: revoked.error.message }));
  return redirectReply('/app/keys?done=revoked');
}

/** API keys: create (shown once), list, revoke. */
export const keyRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/keys', access: 'signed', run: show },
  { method: 'POST', path: '/app/keys', access: 'signed', run: create },
  { method: 'POST', path: '/app/keys/:id/revoke', access: 'signed', run: revoke },
];
