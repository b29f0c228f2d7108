import { DEFAULT_RATE_LIMITS } from '@svc/core';
import { afterEach, describe, expect, it } from 'vitest';
import { UNUSED_CLIENT_LIFETIME_MS } from '../src/store-adapter.js';
import {
  authorizeUrl,
  CALLBACK,
  codeFor,
  codeRequest,
  pkcePair,
  registeredClient,
  tokenRequest,
} from './oauth-requests.js';
import { type OAuthTestApp, startOAuthTestApp } from './oauth-test-app.js';

// Issue 30: `POST /oauth/register` was outside every rate limit, took ~55 KB registrations, and
// kept them forever (300 registrations in 478 ms). Through the app as the server wires it.

let app: OAuthTestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const CLIENT = {
  client_name: 'Raw Client',
  token_endpoint_auth_method: 'none',
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  redirect_uris: [CALLBACK],
};

/** A registration as a client behind a trusted proxy at `address` sends it. */
function registerFrom(
  target: OAuthTestApp,
  address: string,
  metadata: Record<string, unknown> = CLIENT,
): Promise<Response> {
  return fetch(`${target.baseUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify(metadata),
  });
}

/** The window opened with the first registration; a slow run may cross a second or a few. */
function expectAboutAnHour(seconds: number): void {
  expect(seconds).toBeGreaterThan(3600 - 60);
  expect(seconds).toBeLessThanOrEqual(3600);
}

describe('POST /oauth/register: a rate limit per address', () => {
  it('refuses the 21st registration an hour from one address (an IPv6 /64), in the OAuth error format', async () => {
    app = await startOAuthTestApp({ trustProxy: true, rateLimits: DEFAULT_RATE_LIMITS });
    const target = app;
    for (let i = 0; i < 20; i++) {
      const registered = await registerFrom(target, `2001:db8:1:2::${i + 1}`);
      expect(registered.status).toBe(201);
      const [, remaining, reset] =
        /^"registration";r=(\d+);t=(\d+)$/.exec(registered.headers.get('RateLimit') ?? '') ?? [];
      expect(Number(remaining)).toBe(19 - i);
      expectAboutAnHour(Number(reset));
    }
    const refused = await registerFrom(target, '2001:db8:1:2::abcd');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expectAboutAnHour(retryAfter);
    expect(refused.headers.get('RateLimit-Policy')).toBe('"registration";q=20;w=3600');
    expect(refused.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await refused.json()).toEqual({
      error: 'rate_limited',
      error_description: `Too many client registrations from this client address: at most 20 an hour. Try again in ${retryAfter} s.`,
    });
    // Another /64, and an IPv4 client, have their own allowance.
    expect((await registerFrom(target, '2001:db8:1:3::1')).status).toBe(201);
    expect((await registerFrom(target, '198.51.100.7')).status).toBe(201);
  });

  it('has no limit when the rate limits are off, as for the rest of the API', async () => {
    app = await startOAuthTestApp({
      trustProxy: true,
      rateLimits: { ...DEFAULT_RATE_LIMITS, registrationsPerHour: 0 },
    });
    for (let i = 0; i < 22; i++) expect((await registerFrom(app, '203.0.113.9')).status).toBe(201);
  });
});

describe('POST /oauth/register: sizes', () => {
  const refusalOf = async (res: Response) => ({ status: res.status, body: await res.json() });

  it('refuses a body over 16 KiB, announced or chunked, with invalid_client_metadata', async () => {
    app = await startOAuthTestApp();
    const padded = {
      ...CLIENT,
      software_id: 'x'.repeat(1000),
      tos_uri: `https://a.example/${'t'.repeat(1900)}`,
    };
    const big = JSON.stringify({
      ...padded,
      jwks: { keys: Array.from({ length: 40 }, () => ({ n: 'k'.repeat(400) })) },
    });
    expect(big.length).toBeGreaterThan(16 * 1024);
    const announced = await fetch(`${app.baseUrl}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: big,
    });
    const expected = {
      status: 400,
      body: {
        error: 'invalid_client_metadata',
        error_description:
          'The registration is over the 16384 byte limit; real client metadata is a few hundred bytes.',
      },
    };
    expect(await refusalOf(announced)).toEqual(expected);
    // No Content-Length: refused once the bytes read pass the limit.
    const bytes = new TextEncoder().encode(big);
    const chunked = await fetch(`${app.baseUrl}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 4096) controller.enqueue(bytes.slice(at, at + 4096));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(await refusalOf(chunked)).toEqual(expected);
  });

  it.each([
    [
      'eleven redirect URIs',
      { redirect_uris: Array.from({ length: 11 }, (_, i) => `https://agent.example/cb/${i}`) },
      'redirect_uris holds at most 10 entries; this one has 11.',
    ],
    [
      'a redirect URI over 2000 characters',
      { redirect_uris: [`https://agent.example/${'c'.repeat(2000)}`] },
      'redirect_uris entries must be at most 2000 characters.',
    ],
    [
      'a 201-character client_name',
      { client_name: 'n'.repeat(201) },
      'client_name value must be at most 200 characters.',
    ],
    [
      'a long logo_uri',
      { logo_uri: `https://agent.example/${'l'.repeat(2000)}` },
      'logo_uri value must be at most 2000 characters.',
    ],
  ])('refuses %s with invalid_client_metadata naming the field', async (_what, fields, description) => {
    app = await startOAuthTestApp();
    const refused = await fetch(`${app.baseUrl}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...CLIENT, ...fields }),
    });
    expect(await refusalOf(refused)).toEqual({
      status: 400,
      body: { error: 'invalid_client_metadata', error_description: description },
    });
  });

  it('still answers invalid JSON as oidc-provider does', async () => {
    app = await startOAuthTestApp();
    const res = await fetch(`${app.baseUrl}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"client_name": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('unused registrations expire', () => {
  it('deletes a client nobody approved a day after it registered; one a person approved stays', async () => {
    let offsetMs = 0;
    const clock = { now: () => new Date(Date.now() + offsetMs) };
    app = await startOAuthTestApp({ clock });
    const owner = await app.user();
    const unused = await registeredClient(app);
    const used = await registeredClient(app);
    const { verifier, challenge } = pkcePair();
    const code = await codeFor(
      app,
      authorizeUrl(app, codeRequest(used, challenge)),
      owner.email,
      'correct horse battery staple',
    );
    const tokens = await tokenRequest(app, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      client_id: used,
      code_verifier: verifier,
    });
    expect(tokens.status).toBe(200);
    expect((await app.store.oauth.find('Client', unused))?.expiresAt).not.toBeNull();
    expect((await app.store.oauth.find('Client', used))?.expiresAt).toBeNull();

    // A minute short of a day, the sweep leaves both.
    offsetMs = UNUSED_CLIENT_LIFETIME_MS - 60_000;
    await app.oauth.sweep();
    expect(await app.store.oauth.find('Client', unused)).not.toBeNull();
    offsetMs = UNUSED_CLIENT_LIFETIME_MS + 60_000;
    await app.oauth.sweep();
    expect(await app.store.oauth.find('Client', unused)).toBeNull();
    expect(await app.store.oauth.find('Client', used)).not.toBeNull();
    // The unused client cannot start a sign-in any more; the used one can, and its refresh token works.
    const gone = await fetch(authorizeUrl(app, codeRequest(unused, challenge)), { redirect: 'manual' });
    expect(gone.status).toBe(400);
    expect(await gone.text()).toContain('invalid_client');
    const again = await fetch(authorizeUrl(app, codeRequest(used, challenge)), { redirect: 'manual' });
    expect(again.status).toBe(303);
    const refreshed = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: String(tokens.body.refresh_token),
      client_id: used,
    });
    expect(refreshed.status).toBe(200);
  });
});
