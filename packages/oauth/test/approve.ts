import { expect } from 'vitest';
import { type BrowserPage, createTestBrowser, formAction, inputValue, type TestBrowser } from './browser.js';

/** What signing in and consenting produced. */
export type Approval = {
  /** The client's redirect URI with `code`, `state` and `iss` (or `error`). */
  readonly callback: URL;
  readonly consentPage: string;
  readonly browser: TestBrowser;
};

/**
 * Plays the person: opens the authorization URL, signs in with email and password, reads the
 * consent page and allows (or denies). Returns where the browser was sent back to the client.
 */
export async function approve(
  origin: string,
  authorizationUrl: URL | string,
  credentials: { email: string; password: string },
  decision: 'allow' | 'deny' = 'allow',
  browser: TestBrowser = createTestBrowser(origin),
): Promise<Approval> {
  const signIn = await browser.open(String(authorizationUrl));
  expect(signIn.status, signIn.html).toBe(200);
  expect(signIn.html).toContain('<h1>Sign in</h1>');
  const consent = await browser.submit(formAction(signIn.html), {
    csrf: inputValue(signIn.html, 'csrf'),
    step: 'sign-in',
    email: credentials.email,
    password: credentials.password,
  });
  expect(consent.status, consent.html).toBe(200);
  expect(consent.html).toContain('<h1>Allow access?</h1>');
  const answered = await answerConsent(browser, consent, decision);
  if (answered.redirectedTo === null) throw new Error(`Not sent back to the client:\n${answered.html}`);
  return { callback: answered.redirectedTo, consentPage: consent.html, browser };
}

/** Submits the consent form of a page. */
export function answerConsent(
  browser: TestBrowser,
  page: BrowserPage,
  decision: 'allow' | 'deny',
): Promise<BrowserPage> {
  return browser.submit(formAction(page.html), {
    csrf: inputValue(page.html, 'csrf'),
    step: 'consent',
    decision,
  });
}
