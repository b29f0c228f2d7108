import {
  hasSecondFactor,
  type SingleSignOnRefusal,
  secondFactorsOf,
  signInWithProvider,
  startSecondFactorStep,
} from '@svc/core';
import { html, type SignOnFailure } from '@svc/web';
import type { ConsoleContext, ConsoleRoute } from '../console-context.js';
import { barePage } from '../console-page.js';
import { type ConsoleReply, htmlReply, redirectReply } from '../console-reply.js';
import { SECOND_FACTOR_PATH, secondFactorCookie } from '../second-factor-cookie.js';
import { finishSignIn, safeNext } from './sign-in-page.js';

// What the person reads when the provider's answer is not taken: what happened and what to do,
// never the provider's error text or a token.
type Refusal = SignOnFailure | SingleSignOnRefusal | 'second_factor_needed';
const FAILURES: Record<Refusal, string> = {
  expired: 'This sign-in link was already used or has expired. Start again from the sign-in page.',
  state_mismatch: 'This answer belongs to another sign-in. Start again from the sign-in page.',
  provider_error: 'The identity provider did not sign you in.',
  provider_unreachable:
    'The identity provider cannot be reached. Try again in a moment, or sign in with your password.',
  token_rejected:
    'The identity provider’s answer could not be verified (it was not issued for this service). Nobody was signed in.',
  email_missing: 'The identity provider did not share your e-mail address, which this service needs.',
  email_unverified:
    'The identity provider has not verified your e-mail address, so it cannot sign you in here.',
  domain_not_allowed: 'Addresses of your e-mail domain may not sign in to this service.',
  access_disabled: 'Your access to this service is disabled. Ask the operator.',
  workspace_missing:
    'Single sign-on is set up to add people to a workspace that does not exist. Tell the operator.',
  second_factor_needed:
    'Your account asks for a second factor, which the identity provider did not report. Connect the agent by signing in with your password and second factor instead.',
};

/** The refusal page of single sign-on, shared with the agents' sign-in (it is reached through our callback). */
function refusal(c: ConsoleContext, reason: Refusal): ConsoleReply {
  const status =
    reason === 'expired' || reason === 'state_mismatch' ? 400 : reason === 'provider_unreachable' ? 502 : 403;
  const page = barePage(
    'Sign-in refused',
    html`<p role="alert">${FAILURES[reason]}</p>
<p><a href="/app/sign-in">Back to sign in</a></p>`,
  );
  return {
    ...htmlReply(status, page),
    headers: { 'set-cookie': c.deps.singleSignOn?.signOn.clearCookie ?? '' },
  };
}

async function start(c: ConsoleContext): Promise<ConsoleReply> {
  const sso = c.deps.singleSignOn;
  if (sso === undefined) return redirectReply('/app/sign-in');
  const begun = await sso.signOn.begin({ kind: 'console', next: safeNext(c.url.searchParams.get('next')) });
  if (begun === null) return refusal(c, 'provider_unreachable');
  return redirectReply(begun.location, { 'set-cookie': begun.cookie });
}

async function callback(c: ConsoleContext): Promise<ConsoleReply> {
  const sso = c.deps.singleSignOn;
  if (sso === undefined) return redirectReply('/app/sign-in');
  const answer = await sso.signOn.finish(c.url, c.req.headers.cookie);
  if (answer.kind === 'failed') return refusal(c, answer.reason);
  const signed = await signInWithProvider(c.deps.core, answer.identity, sso.rules);
  if (signed.kind === 'refused') return refusal(c, signed.reason);
  const { purpose } = answer;
  const secure = c.deps.baseUrl.startsWith('https:');
  // The provider's sign-in counts as two factors only when it says so (`amr` with `mfa`); otherwise
  // a person with a second factor, or everyone when one is required, passes the service's own.
  const factorDue =
    !signed.secondFactor &&
    (c.deps.requireSecondFactor === true ||
      hasSecondFactor(await secondFactorsOf(c.deps.core, signed.user.id)));
  if (purpose.kind === 'agent') {
    // The agents' page takes a code only after its own password form, so it is not offered here.
    if (factorDue) return refusal(c, 'second_factor_needed');
    // The agents' sign-in page finishes its interaction with its own cookie (docs/agents.md).
    await sso.signOn.handOff(c.req.headers.cookie, purpose.interaction, signed.user.id);
    return redirectReply(`/oauth/interaction/${encodeURIComponent(purpose.interaction)}/sso/done`);
  }
  const step = factorDue ? await startSecondFactorStep(c.deps.core, signed.user) : null;
  if (step !== null)
    return redirectReply(`${SECOND_FACTOR_PATH}?next=${encodeURIComponent(purpose.next)}`, {
      'set-cookie': [secondFactorCookie(step, secure), sso.signOn.clearCookie],
    });
  return finishSignIn(c, signed.user, purpose.next, [sso.signOn.clearCookie]);
}

/** Single sign-on through the identity provider (docs/security.md, "Single sign-on"). */
export const singleSignOnRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/sign-in/sso', access: 'public', run: start },
  { method: 'GET', path: '/app/sign-in/sso/callback', access: 'public', run: callback },
];
