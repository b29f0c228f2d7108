import { type Html, html } from '../html.js';

/**
 * The "Sign in with <provider>" link under a sign-in form (the console's and the agents'): a plain
 * link, so it works without script and no form posts to another origin.
 */
export function singleSignOnButton(view: { readonly href: string; readonly name: string }): Html {
  return html`<p class="sso-divider muted">or</p>
<p class="sso"><a class="button secondary" href="${view.href}">Sign in with ${view.name}</a></p>
`;
}
