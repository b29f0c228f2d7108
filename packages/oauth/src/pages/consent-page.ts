import { html } from '@svc/web';
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
};

/**
 * The consent page: names the client, where it will redirect, and what each scope allows, and asks
 * to allow or deny. Both are buttons of one form, so the answer needs no JavaScript.
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
<form method="post" action="${view.action}">
<input type="hidden" name="csrf" value="${view.csrf}">
<input type="hidden" name="step" value="consent">
<div class="actions"><button type="submit" name="decision" value="allow">Allow</button>
<button class="secondary" type="submit" name="decision" value="deny">Deny</button></div>
</form>`,
  );
}
