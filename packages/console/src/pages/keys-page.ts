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
import { csrfField } from '../console-page.js';
import {
  accountHandles,
  accountLimitCell,
  accountLimitFieldset,
  accountLimitOf,
} from './account-limit-fields.js';
import { confirmButton } from './confirm-page.js';
import { shownOnceCard } from './shown-once.js';
import { shownOnceRoutes } from './shown-once-routes.js';
import { stackTable } from './stack-table.js';

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

/** The keys of the workspace the console acts in, and above them the key just created, this once. */
async function body(c: SignedContext, createdKey: string | null): Promise<Html> {
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
    createdKey === null
      ? ''
      : shownOnceCard(
          'new-key',
          'Your new key',
          html`<p>Copy it now: it is shown this once and stored only as a hash.</p>`,
          createdKey,
        );
  return html`${created}
${createForm(c, accounts)}
<h2>Your keys</h2>
${
  rows.length === 0
    ? emptyState('No key yet. A key lets a script or an automation use the API as you.', {
        href: '#key-name',
        label: 'Create a key',
      })
    : stackTable(['Key', 'Scopes', 'Accounts', 'Created', 'Last used', 'State'], rows)
}`;
}

function create(c: SignedContext) {
  const accountIds = accountLimitOf(c.form);
  const name = (c.form.get('name') ?? '').trim();
  return createApiKey(c.deps.core, {
    email: c.session.user.email,
    // The workspace the console acts in: a key made here acts there, with the person's role.
    workspaceId: actorWorkspaceId(c.actor),
    scopes: c.form.getAll('scope'),
    accountIds,
    name: name === '' ? null : name,
    expiresInDays: null,
  }).map((created) => created.key);
}

/** API keys: create (shown once), list, revoke. */
export const keyRoutes: readonly ConsoleRoute[] = shownOnceRoutes({
  path: '/app/keys',
  title: 'API keys',
  section: '/app/keys',
  body,
  create,
  revoke: (c, id) => revokeOwnApiKey(c.deps.core, c.actor, id),
  revoked: 'The key was revoked: it no longer works anywhere.',
});
