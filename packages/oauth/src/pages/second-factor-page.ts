import { html, secondFactorForm } from '@svc/web';
import { htmlPage } from './html-page.js';

/** What the second-factor page of an authorization request shows. */
export type SecondFactorView = {
  readonly action: string;
  readonly csrf: string;
  readonly clientName: string;
  /** The pending step's token (core's `startSecondFactorStep`), carried back by the form. */
  readonly stepToken: string;
  readonly totp: boolean;
  readonly error: string | null;
};

/**
 * The second step of signing in for an agent: a code from the authenticator app or a recovery
 * code. Passkeys are the console's (this page runs no script, docs/security.md).
 */
export function renderSecondFactorPage(view: SecondFactorView): string {
  return htmlPage(
    'Confirm it is you',
    html`<p>Confirm it is you to let <strong>${view.clientName}</strong> use your svc account.</p>
${secondFactorForm({
  action: view.action,
  hidden: { csrf: view.csrf, step: 'second-factor', factor: view.stepToken },
  alert: view.error,
  totp: view.totp,
  passkeyOptions: null,
})}`,
  );
}
