import { type SingleSignOnRefusal, signInWithProvider } from '@svc/core';
import { html, type SignOnFailure } from '@svc/web';
import type { ConsoleContext, ConsoleRoute } from '../console-context.js';
import { barePage } from '../console-page.js';
import { type ConsoleReply, htmlReply, redirectReply } from '../console-reply.js';
import { sessionCookie } from '../session-cookie.js';
import { safeNext } from './sign-in-page.js';

// What the person reads when the provider's answer is not taken: what happened and what to do,
// never the provider's error text or a token.
const FAILURES: Record<SignOnFailure | SingleSignOnRefusal, string> = {
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
};

/** The refusal page of single sign-on, shared with the agents' sign-in (it is reached through our callback). */
function refusal(c: ConsoleContext, reason: SignOnFailure | SingleSignOnRefusal): ConsoleReply {
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
  if (purpose.kind === 'agent') {
    // The agents' sign-in page finishes its interaction with its own cookie (docs/agents.md).
    await sso.signOn.handOff(c.req.headers.cookie, purpose.interaction, signed.user.id);
    return redirectReply(`/oauth/interaction/${encodeURIComponent(purpose.interaction)}/sso/done`);
  }
  const token = await c.sessions.open(signed.user, c.token);
  return redirectReply(purpose.next, {
    'set-cookie': [...sessionCookie(token, c.deps.baseUrl.startsWith('https:')), sso.signOn.clearCookie],
  });
}

/** Single sign-on through the identity provider (docs/security.md, "Single sign-on"). */
export const singleSignOnRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/sign-in/sso', access: 'public', run: start },
  { method: 'GET', path: '/app/sign-in/sso/callback', access: 'public', run: callback },
];
