import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OidcSignOn } from '@svc/web';
import type Provider from 'oidc-provider';
import { renderErrorPage } from './pages/error-page.js';

/** The two steps of single sign-on under an interaction: `/sso` leaves for the provider, `/sso/done` comes back. */
export const SIGN_ON_STEPS = ['/sso', '/sso/done'] as const;

/**
 * Runs a single sign-on step of the interaction `uid` (already found through its cookie, at the
 * sign-in prompt). `/sso` sends the browser to the provider; the console's callback checks the
 * provider's answer and signs the person in by the same rules as the console, then redirects to
 * `/sso/done`, which takes the user it left for this interaction, once, from this browser only.
 */
export async function runSignOnStep(
  step: (typeof SIGN_ON_STEPS)[number],
  signOn: OidcSignOn,
  provider: Provider,
  uid: string,
  req: IncomingMessage,
  res: ServerResponse,
  send: (status: number, page: string) => void,
): Promise<void> {
  if (step === '/sso') {
    const begun = await signOn.begin({ kind: 'agent', interaction: uid });
    if (begun === null)
      return send(
        502,
        renderErrorPage(
          'temporarily_unavailable',
          'The identity provider cannot be reached. Sign in with your password, or try again in a moment.',
        ),
      );
    res
      .writeHead(303, { Location: begun.location, 'Set-Cookie': begun.cookie, 'Cache-Control': 'no-store' })
      .end();
    return;
  }
  const accountId = await signOn.takeHandOff(req.headers.cookie, uid);
  if (accountId === null) {
    return send(
      400,
      renderErrorPage(
        'invalid_request',
        'This sign-in was already used or has expired. Start connecting again.',
      ),
    );
  }
  await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
}
