import type { Membership } from '@svc/core';
import { html, workspaceSelect } from '@svc/web';
import { describeScope } from '../scope-descriptions.js';
import { htmlPage } from './html-page.js';

/** What the consent page shows. */
export type ConsentView = {
  readonly action: string;
  readonly csrf: string;
  readonly clientName: string;
  readonly clientId: string;
  /** Where the client will be sent with the answer. */
  readonly redirectUri: string;
  readonly scopes: readonly string[];
  /** Who is signed in. */
  readonly email: string;
  /** The person's workspaces, personal first: the agent will act in the one chosen. */
  readonly workspaces: readonly Membership[];
  /** The one chosen before (their personal workspace unless the form said otherwise). */
  readonly chosen: string;
  /** Why the last answer was refused, if it was. */
  readonly error: string | null;
};

/**
 * The consent page: names the client, where it will redirect, and what each scope allows, and asks
 * to allow or deny. Both are buttons of one form, so the answer needs no JavaScript. A person in
 * more than one workspace picks the one the agent will act in (personal first, the default).
 */
export function renderConsentPage(view: ConsentView): string {
  const scopes = view.scopes.map(
    (scope, i) => html`${i === 0 ? '' : '\n'}<li><code>${scope}</code>: ${describeScope(scope)}</li>`,
  );
  return htmlPage(
    'Allow access?',
    html`<p><strong>${view.clientName}</strong> (client id <code>${view.clientId}</code>) asks to use your svc account, signed in as ${view.email}.</p>
<h2>It will be able to</h2>
<ul class="plain">
${scopes}
</ul>
<p>After you answer, you will be sent to <code>${view.redirectUri}</code>. Allow only if you trust this address.</p>
${
  view.error === null
    ? ''
    : html`<p role="alert">${view.error}</p>
`
}<form method="post" action="${view.action}">
<input type="hidden" name="csrf" value="${view.csrf}">
<input type="hidden" name="step" value="consent">
${workspaceField(view)}
<div class="actions"><button type="submit" name="decision" value="allow">Allow</button>
<button class="secondary" type="submit" name="decision" value="deny">Deny</button></div>
</form>`,
  );
}

// One workspace needs no choice, so the page stays as it was; the form still names it.
function workspaceField(view: ConsentView) {
  if (view.workspaces.length < 2) return html`<input type="hidden" name="workspace" value="${view.chosen}">`;
  return html`<div>${workspaceSelect(view.workspaces, view.chosen, 'Act in the workspace')}
<p class="hint">It will see and change only this workspace, with your role there.</p></div>`;
}
