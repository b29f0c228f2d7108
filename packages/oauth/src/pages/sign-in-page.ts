import { escapeHtml, htmlPage } from './html-page.js';

/** What the sign-in page shows. */
export type SignInView = {
  readonly action: string;
  readonly csrf: string;
  readonly clientName: string;
  /** The email typed before, kept when the password was wrong. */
  readonly email: string;
  /** Why the last attempt failed; null on first display. */
  readonly error: string | null;
};

/** The sign-in form of an authorization request: email and password, posted back to the interaction. */
export function renderSignInPage(view: SignInView): string {
  const alert =
    view.error === null ? '' : `<p role="alert" id="sign-in-error">${escapeHtml(view.error)}</p>\n`;
  const described = view.error === null ? '' : ' aria-describedby="sign-in-error"';
  return htmlPage(
    'Sign in',
    `${alert}<p>Sign in to let <strong>${escapeHtml(view.clientName)}</strong> use your svc account.</p>
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">
<input type="hidden" name="step" value="sign-in">
<label for="email">Email</label>
<input type="email" id="email" name="email" autocomplete="username" required value="${escapeHtml(view.email)}"${described}>
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required${described}>
<button type="submit">Sign in</button>
</form>`,
  );
}
