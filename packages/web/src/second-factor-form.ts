import { type Html, html } from './html.js';

/** What the second-factor step shows (the console's and the OAuth server's sign-in). */
export type SecondFactorFormView = {
  /** Where the code form posts. */
  readonly action: string;
  /** Hidden fields carried back with each form (step, anti-forgery token). */
  readonly hidden: Readonly<Record<string, string>>;
  /** Why the last answer failed; null on first display. */
  readonly alert: string | null;
  /** Whether the person has an authenticator app (then a code is asked for). */
  readonly totp: boolean;
  /**
   * Where the page's script asks for a passkey challenge, when the person has a passkey and the
   * page loads the passkey script; the answer posts to `action` as the field `passkey`.
   */
  readonly passkeyOptions: string | null;
};

const hiddenFields = (hidden: Readonly<Record<string, string>>): Html[] =>
  Object.entries(hidden).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">
`,
  );

/**
 * The second step of signing in: a code from the authenticator app or a recovery code, and a
 * passkey button (shown by the script; without it, the code form still works).
 */
export function secondFactorForm(view: SecondFactorFormView): Html {
  const failed = view.alert !== null;
  const described = failed ? html` aria-describedby="second-factor-error"` : '';
  const alert = failed
    ? html`<p role="alert" id="second-factor-error">${view.alert}</p>
`
    : '';
  const passkey =
    view.passkeyOptions === null
      ? ''
      : html`<form method="post" action="${view.action}" data-passkey="authenticate" data-options="${view.passkeyOptions}">
${hiddenFields(view.hidden)}<input type="hidden" name="passkey" value="">
<p class="muted" data-passkey-status role="status"></p>
<div class="actions"><button type="button" data-passkey-start hidden>Use a passkey</button></div>
</form>
`;
  const label = view.totp ? 'Code from your authenticator app, or a recovery code' : 'Recovery code';
  return html`${alert}${passkey}<form method="post" action="${view.action}">
${hiddenFields(view.hidden)}<label for="code">${label}</label>
<input type="text" id="code" name="code" autocomplete="one-time-code" autocapitalize="off" spellcheck="false" required${described}>
<div class="actions"><button type="submit">Continue</button></div>
</form>`;
}
