import { afterEach, describe, expect, it } from 'vitest';
import { approve } from './approve.js';
import { createTestBrowser, formAction, inputValue } from './browser.js';
import { authorizeUrl, codeRequest, pkcePair, registeredClient } from './oauth-requests.js';
import { type OAuthTestApp, startOAuthTestApp } from './oauth-test-app.js';

const PASSWORD = 'correct horse battery staple';

let apps: OAuthTestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.map((a) => a.close()));
  apps = [];
});

async function started(options: Parameters<typeof startOAuthTestApp>[0] = {}) {
  const app = await startOAuthTestApp(options);
  apps.push(app);
  return app;
}

/** Opens a fresh authorization request and returns the browser on its sign-in page. */
async function signInPage(app: OAuthTestApp) {
  const clientId = await registeredClient(app);
  const browser = createTestBrowser(app.baseUrl);
  const page = await browser.open(authorizeUrl(app, codeRequest(clientId, pkcePair().challenge)));
  return { browser, page, clientId };
}

describe('the sign-in page', () => {
  it('is a plain accessible form with labelled fields and an anti-forgery token, and cannot be framed', async () => {
    const app = await started();
    const { page } = await signInPage(app);
    const headers = await fetch(page.url, { method: 'GET', redirect: 'manual' });
    // Without its interaction cookie the page is an error, still never frameable or cached.
    expect(headers.headers.get('x-frame-options')).toBe('DENY');
    expect(headers.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(headers.headers.get('cache-control')).toBe('no-store');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toContain('<label for="email">Email</label>');
    expect(page.html).toContain('<label for="password">Password</label>');
    expect(page.html).toContain('autocomplete="current-password"');
    expect(page.html).toContain('Raw Client');
    expect(page.html).not.toContain('<script');
    expect(inputValue(page.html, 'csrf')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('sets the session cookies HttpOnly and SameSite=Lax, without Secure on an http base URL', async () => {
    const app = await started();
    const user = await app.user(PASSWORD);
    const clientId = await registeredClient(app);
    const { browser } = await approve(
      app.baseUrl,
      authorizeUrl(app, codeRequest(clientId, pkcePair().challenge)),
      {
        email: user.email,
        password: PASSWORD,
      },
    );
    const session = browser.setCookies.get('svc_session') ?? '';
    expect(session).toMatch(/httponly/i);
    expect(session).toMatch(/samesite=lax/i);
    expect(session).not.toMatch(/;\s*secure/i);
    expect(browser.setCookies.get('svc_interaction')).toMatch(/httponly/i);
  });

  it('marks the cookies Secure when the base URL is https (behind a TLS-terminating proxy)', async () => {
    const app = await started({ baseUrl: 'https://svc.example', trustProxy: true });
    const registered = await fetch(`${app.url}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: ['https://agent.example/cb'],
        token_endpoint_auth_method: 'none',
      }),
    });
    const { client_id } = (await registered.json()) as { client_id: string };
    const query = new URLSearchParams(
      codeRequest(client_id, pkcePair().challenge, { redirect_uri: 'https://agent.example/cb' }) as Record<
        string,
        string
      >,
    );
    const response = await fetch(`${app.url}/oauth/authorize?${query}`, {
      redirect: 'manual',
      headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'svc.example' },
    });
    expect(response.headers.get('location')).toMatch(/\/oauth\/interaction\/[\w-]+$/);
    const cookies = response.headers.getSetCookie().filter((c) => c.startsWith('svc_interaction'));
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*secure/i);
      expect(cookie).toMatch(/httponly/i);
      expect(cookie).toMatch(/samesite=lax/i);
    }
  });

  it('says a wrong password is wrong, keeps the email, and lets the right one in', async () => {
    const app = await started();
    const user = await app.user(PASSWORD);
    const { browser, page } = await signInPage(app);
    const wrong = await browser.submit(formAction(page.html), {
      csrf: inputValue(page.html, 'csrf'),
      step: 'sign-in',
      email: user.email,
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('role="alert"');
    expect(wrong.html).toContain('The email or password is not right.');
    expect(inputValue(wrong.html, 'email')).toBe(user.email);
    const right = await browser.submit(formAction(wrong.html), {
      csrf: inputValue(wrong.html, 'csrf'),
      step: 'sign-in',
      email: user.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(right.status).toBe(200);
    expect(right.html).toContain('<h1>Allow access?</h1>');
  });

  it('refuses an unknown email and a user without a password the same way', async () => {
    const app = await started();
    const user = await app.user(PASSWORD);
    await app.store.users.setPasswordHash(user.id, 'not-a-hash', new Date());
    for (const email of ['nobody@example.com', user.email]) {
      const { browser, page } = await signInPage(app);
      const refused = await browser.submit(formAction(page.html), {
        csrf: inputValue(page.html, 'csrf'),
        step: 'sign-in',
        email,
        password: PASSWORD,
      });
      expect(refused.status).toBe(401);
      expect(refused.html).toContain('The email or password is not right.');
    }
  });

  it('refuses a form without the anti-forgery token of its interaction', async () => {
    const app = await started();
    const user = await app.user(PASSWORD);
    const { browser, page } = await signInPage(app);
    const other = await signInPage(app);
    for (const csrf of ['', inputValue(other.page.html, 'csrf')]) {
      const forged = await browser.submit(formAction(page.html), {
        csrf,
        step: 'sign-in',
        email: user.email,
        password: PASSWORD,
      });
      expect(forged.status).toBe(403);
      expect(forged.html).toContain('The form was not sent from this page.');
    }
  });

  it('rate-limits wrong passwords for an account with 429, even with the right one', async () => {
    const app = await started();
    const user = await app.user(PASSWORD);
    const { browser, page } = await signInPage(app);
    let current = page;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      current = await browser.submit(formAction(current.html), {
        csrf: inputValue(current.html, 'csrf'),
        step: 'sign-in',
        email: user.email,
        password: `wrong-${attempt}`,
      });
      expect(current.status).toBe(401);
    }
    const blocked = await browser.submit(formAction(current.html), {
      csrf: inputValue(current.html, 'csrf'),
      step: 'sign-in',
      email: user.email,
      password: PASSWORD,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.html).toContain('Too many sign-in attempts');
  });

  it('answers an expired or foreign interaction with a page, not a stack trace', async () => {
    const app = await started();
    const page = await createTestBrowser(app.baseUrl).open(`${app.baseUrl}/oauth/interaction/made-up`);
    expect(page.status).toBe(400);
    expect(page.html).toContain('This sign-in has expired or was opened in another browser.');
  });
});

describe('the consent page', () => {
  it('names the client, where it will redirect and what each scope allows', async () => {
    const app = await started();
    const user = await app.user(PASSWORD);
    const clientId = await registeredClient(app);
    const { consentPage, callback } = await approve(
      app.baseUrl,
      authorizeUrl(
        app,
        codeRequest(clientId, pkcePair().challenge, { scope: 'profile mcp:read offline_access' }),
      ),
      { email: user.email, password: PASSWORD },
    );
    expect(consentPage).toContain('<strong>Raw Client</strong>');
    expect(consentPage).toContain(clientId);
    expect(consentPage).toContain('http://127.0.0.1:53682/callback');
    expect(consentPage).toContain(user.email);
    expect(consentPage).toContain('<code>profile</code>: See the email address of your account.');
    expect(consentPage).toContain('<code>mcp:read</code>: Read your posts');
    expect(consentPage).toContain('<code>offline_access</code>: Stay connected');
    expect(consentPage).not.toContain('<code>mcp:write</code>');
    expect(consentPage).toContain('<button type="submit" name="decision" value="allow">Allow</button>');
    expect(consentPage).toContain(
      '<button class="secondary" type="submit" name="decision" value="deny">Deny</button>',
    );
    expect(callback.searchParams.get('code')).toBeTruthy();
  });
});
