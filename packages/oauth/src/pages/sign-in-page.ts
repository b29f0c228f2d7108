import { html, signInForm, singleSignOnButton } from '@svc/web';
import { htmlPage } from './html-page.js';

/** What the sign-in page shows. */
export type SignInView = {
  readonly action: string;
  readonly csrf: string;
  readonly clientName: string;
  /** The email typed before, kept when the password was wrong. */
  readonly email: string;
  /** Why the last attempt failed; null on first display. */
  readonly error: string | null;
  /** The "Sign in with <provider>" button's link and name; absent without single sign-on. */
  readonly sso?: { readonly href: string; readonly name: string } | undefined;
};

/** The sign-in form of an authorization request: email and password, posted back to the interaction. */
export function renderSignInPage(view: SignInView): string {
  return htmlPage(
    'Sign in',
    html`${signInForm({
      action: view.action,
      hidden: { csrf: view.csrf, step: 'sign-in' },
      email: view.email,
      alert: view.error,
      intro: html`<p>Sign in to let <strong>${view.clientName}</strong> use your svc account.</p>
`,
    })}${view.sso === undefined ? '' : singleSignOnButton(view.sso)}`,
  );
}
