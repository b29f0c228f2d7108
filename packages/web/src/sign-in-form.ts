import { type Html, html } from './html.js';

/** What the one sign-in form shows (the console's and the OAuth server's). */
export type SignInFormView = {
  /** Where the form posts. */
  readonly action: string;
  /** Hidden fields carried back with the form (where to go next, anti-forgery token, step). */
  readonly hidden: Readonly<Record<string, string>>;
  /** The email typed before, kept when the password was wrong. */
  readonly email: string;
  /** Why the last attempt failed; null on first display. */
  readonly alert: string | null;
  /** What signing in is for, above the form. */
  readonly intro?: Html;
  /** A hint below the form. */
  readonly note?: Html;
};

/** The sign-in form: email and password, with the last failure announced and tied to both fields. */
export function signInForm(view: SignInFormView): Html {
  const failed = view.alert !== null;
  // Screen readers read the failure again when a field takes focus.
  const described = failed ? html` aria-describedby="sign-in-error"` : '';
  const hidden = Object.entries(view.hidden).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">
`,
  );
  return html`${
    failed
      ? html`<p role="alert" id="sign-in-error">${view.alert}</p>
`
      : ''
  }${view.intro ?? ''}<form method="post" action="${view.action}">
${hidden}<label for="email">Email</label>
<input type="email" id="email" name="email" autocomplete="username" required value="${view.email}"${described}>
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required${described}>
<div class="actions"><button type="submit">Sign in</button></div>
</form>${view.note ?? ''}`;
}
