import {
  passkeyOptionsForStep,
  passSecondFactorWithCode,
  passSecondFactorWithPasskey,
  type SecondFactorAnswer,
  secondFactorStep,
} from '@svc/core';
import { clientAddress, html, secondFactorDeps, secondFactorForm } from '@svc/web';
import type { ConsoleContext, ConsoleRoute } from '../console-context.js';
import { barePage, consoleDocument } from '../console-page.js';
import { type ConsoleReply, htmlReply } from '../console-reply.js';
import { PASSKEY_JS_PATH } from '../passkey-script.js';
import { SECOND_FACTOR_PATH, secondFactorCookie, secondFactorTokenOf } from '../second-factor-cookie.js';
import { finishSignIn, safeNext } from './sign-in-page.js';

const tokenOf = (c: ConsoleContext) => secondFactorTokenOf(c.req.headers.cookie) ?? '';
const secure = (c: ConsoleContext) => c.deps.baseUrl.startsWith('https:');

async function page(
  c: ConsoleContext,
  next: string,
  status: number,
  alert: string | null,
): Promise<ConsoleReply> {
  const step = await secondFactorStep(c.deps.core, tokenOf(c));
  if (step === null) return startOver(c, next);
  const passkeys = step.factors.passkeys > 0;
  const form = secondFactorForm({
    action: SECOND_FACTOR_PATH,
    hidden: { next, timeZone: '' },
    alert,
    totp: step.factors.totp,
    passkeyOptions: passkeys ? `${SECOND_FACTOR_PATH}/passkey-options` : null,
  });
  const body = html`<p>Signing in as <strong>${step.user.email}</strong>. Confirm it is you.</p>
${form}
<p class="muted">Lost your authenticator and your recovery codes? The operator can reset your second factors with <code>svc users reset-second-factor</code>. <a href="/app/sign-in">Start again</a>.</p>`;
  return htmlReply(status, consoleDocument('Confirm it is you', passkeys ? [PASSKEY_JS_PATH] : [], body));
}

// No step (expired, used up, another browser): back to the password, the step's cookie gone.
function startOver(c: ConsoleContext, next: string): ConsoleReply {
  return {
    ...htmlReply(
      401,
      barePage(
        'Sign in again',
        html`<p role="alert">This sign-in has ended: it took too long or had too many wrong codes.</p><p><a href="/app/sign-in?next=${encodeURIComponent(next)}">Sign in again</a>.</p>`,
      ),
    ),
    headers: { 'set-cookie': secondFactorCookie(null, secure(c)) },
  };
}

async function show(c: ConsoleContext): Promise<ConsoleReply> {
  return page(c, safeNext(c.url.searchParams.get('next')), 200, null);
}

async function submit(c: ConsoleContext): Promise<ConsoleReply> {
  const next = safeNext(c.form.get('next'));
  const deps = { ...secondFactorDeps(c.deps), limiter: c.deps.signInLimiter };
  const address = clientAddress(c.req, c.deps.trustProxy);
  const passkey = c.form.get('passkey') ?? '';
  let outcome: SecondFactorAnswer;
  if (passkey !== '') {
    let response: unknown = null;
    try {
      response = JSON.parse(passkey);
    } catch {
      // Not JSON: the check below refuses it as a wrong answer.
    }
    outcome = await passSecondFactorWithPasskey(deps, tokenOf(c), response, address);
  } else {
    outcome = await passSecondFactorWithCode(deps, tokenOf(c), c.form.get('code') ?? '', address);
  }
  switch (outcome.kind) {
    case 'passed':
      return finishSignIn(c, outcome.user, next, [secondFactorCookie(null, secure(c))]);
    case 'wait': {
      const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
      const reply = await page(c, next, 429, `Too many sign-in attempts. Try again in ${minutes} minute(s).`);
      return { ...reply, headers: { ...reply.headers, 'retry-after': String(outcome.retryAfterSeconds) } };
    }
    case 'wrong':
      return page(
        c,
        next,
        401,
        `That was not right, or was used already. ${outcome.triesLeft} ${outcome.triesLeft === 1 ? 'try' : 'tries'} left.`,
      );
    case 'expired':
      return startOver(c, next);
  }
}

async function passkeyOptions(c: ConsoleContext): Promise<ConsoleReply> {
  const options = await passkeyOptionsForStep(secondFactorDeps(c.deps), tokenOf(c));
  if (options === null)
    return htmlReply(404, barePage('No passkey', html`<p role="alert">No passkey can sign this step.</p>`));
  return { status: 200, body: JSON.stringify(options), contentType: 'application/json' };
}

/** The second step of signing in (docs/console.md, "Second factors"). */
export const secondFactorStepRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: SECOND_FACTOR_PATH, access: 'public', run: show },
  { method: 'POST', path: SECOND_FACTOR_PATH, access: 'public', run: submit },
  { method: 'POST', path: `${SECOND_FACTOR_PATH}/passkey-options`, access: 'public', run: passkeyOptions },
];
