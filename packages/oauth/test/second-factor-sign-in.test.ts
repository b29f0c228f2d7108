import { base32Decode, beginTotpSetup, confirmTotpSetup, hotp, totpStep } from '@svc/core';
import { hmacSha1 } from '@svc/core/node';
import { secondFactorDeps } from '@svc/web';
import { afterEach, describe, expect, it } from 'vitest';
import { answerConsent } from './approve.js';
import { createTestBrowser, formAction, inputValue } from './browser.js';
import { authorizeUrl, codeRequest, pkcePair, registeredClient } from './oauth-requests.js';
import { type OAuthTestApp, startOAuthTestApp } from './oauth-test-app.js';

const PASSWORD = 'correct horse battery staple';

let apps: OAuthTestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.map((a) => a.close()));
  apps = [];
});

async function passwordStep(app: OAuthTestApp, email: string) {
  const clientId = await registeredClient(app);
  const browser = createTestBrowser(app.baseUrl);
  const signIn = await browser.open(authorizeUrl(app, codeRequest(clientId, pkcePair().challenge)));
  const next = await browser.submit(formAction(signIn.html), {
    csrf: inputValue(signIn.html, 'csrf'),
    step: 'sign-in',
    email,
    password: PASSWORD,
  });
  return { browser, next };
}

describe('the OAuth sign-in with a second factor', () => {
  it('asks for the authenticator code after the password, refuses a wrong or replayed one, then consents', async () => {
    const app = await startOAuthTestApp();
    apps.push(app);
    const user = await app.user(PASSWORD);
    const deps = secondFactorDeps({ core: app.core, baseUrl: app.baseUrl });
    const setup = await beginTotpSetup(deps, user, 'svc');
    const key = base32Decode(setup?.secret ?? '');
    const step = totpStep(new Date());
    expect((await confirmTotpSetup(deps, user, hotp(hmacSha1, key, step))).kind).toBe('confirmed');

    const { browser, next } = await passwordStep(app, user.email);
    expect(next.status, next.html).toBe(200);
    expect(next.html).toContain('<h1>Confirm it is you</h1>');
    expect(next.html).not.toContain('Allow access?');
    expect(next.html).not.toContain('<script');
    const answer = (code: string, page = next) =>
      browser.submit(formAction(page.html), {
        csrf: inputValue(page.html, 'csrf'),
        step: 'second-factor',
        factor: inputValue(page.html, 'factor'),
        code,
      });
    // The code that confirmed the set-up is used up already.
    const replayed = await answer(hotp(hmacSha1, key, step));
    expect(replayed.status).toBe(401);
    expect(replayed.html).toContain('4 tries left');
    // A forged step token is no step at all: back to the password.
    const forged = await browser.submit(formAction(next.html), {
      csrf: inputValue(next.html, 'csrf'),
      step: 'second-factor',
      factor: 'A'.repeat(43),
      code: hotp(hmacSha1, key, step + 1),
    });
    expect(forged.status).toBe(401);
    expect(forged.html).toContain('<h1>Sign in</h1>');
    const consent = await answer(hotp(hmacSha1, key, step + 1), replayed);
    expect(consent.status, consent.html).toBe(200);
    expect(consent.html).toContain('<h1>Allow access?</h1>');
    const answered = await answerConsent(browser, consent, 'allow');
    expect(answered.redirectedTo?.searchParams.get('code')).toMatch(/.+/);
  });

  it('refuses a person without a second factor when the server requires one', async () => {
    const app = await startOAuthTestApp({ requireSecondFactor: true });
    apps.push(app);
    const user = await app.user(PASSWORD);
    const { next } = await passwordStep(app, user.email);
    expect(next.status).toBe(403);
    expect(next.html).toContain('requires a second factor');
  });
});
