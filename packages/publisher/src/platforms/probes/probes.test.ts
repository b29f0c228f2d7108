import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as doc from './__fixtures__/documented-answers.js';
import { googleProbe, tiktokProbe } from './google-tiktok-probes.js';
import { facebookProbe, instagramProbe, threadsProbe } from './meta-probes.js';

// A loopback server answering each path with the documented body the test sets.
let server: Server;
let base = '';
const answers = new Map<string, { status: number; body: unknown }>();
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    seen.push(`${req.method} ${req.url}`);
    const answer = answers.get(path) ?? {
      status: 404,
      body: { error: { message: 'no fixture', code: 803 } },
    };
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const app = { clientId: 'app', clientSecret: 'secret', timeoutMs: 5000 };

describe('the live probes against the platforms’ documented answers', () => {
  it('Facebook: an app token is an accepted app; code 101 names the wrong secret', async () => {
    const probe = () => facebookProbe({ ...app, graph: base, version: 'v23.0' });
    answers.set('/v23.0/oauth/access_token', { status: 200, body: doc.FACEBOOK_APP_TOKEN });
    expect(await probe().app()).toMatchObject({ kind: 'ok' });
    expect(seen.at(-1)).toContain('grant_type=client_credentials');
    answers.set('/v23.0/oauth/access_token', { status: 400, body: doc.GRAPH_WRONG_SECRET });
    expect(await probe().app()).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('Error validating client secret. (code 101)'),
    });
  });

  it('Facebook: debug_token, called with the app token, gives the user token’s scopes', async () => {
    answers.set('/v23.0/oauth/access_token', { status: 200, body: doc.FACEBOOK_APP_TOKEN });
    answers.set('/v23.0/debug_token', { status: 200, body: doc.DEBUG_TOKEN_VALID });
    const scopes = await facebookProbe({ ...app, graph: base, version: 'v23.0' }).grantedScopes({
      pageId: '1',
      pageAccessToken: 'EAAGpage',
      userAccessToken: 'EAAGuser',
    });
    expect(scopes).toEqual({ kind: 'scopes', scopes: doc.DEBUG_TOKEN_VALID.data.scopes });
    expect(seen.at(-1)).toContain('input_token=EAAGuser');
    expect(seen.at(-1)).toContain(`access_token=${encodeURIComponent(doc.FACEBOOK_APP_TOKEN.access_token)}`);
  });

  it('Threads: the unversioned app token endpoint', async () => {
    answers.set('/oauth/access_token', { status: 200, body: doc.THREADS_APP_TOKEN });
    expect(await threadsProbe({ ...app, graph: base, version: 'v1.0' }).app()).toMatchObject({ kind: 'ok' });
  });

  it('Instagram: a refused made-up code proves the credentials; a refused secret does not', async () => {
    const probe = instagramProbe({ ...app, api: base }, 'https://svc.example/connect/callback');
    answers.set('/oauth/access_token', { status: 400, body: doc.INSTAGRAM_INVALID_CODE });
    expect(await probe.app()).toMatchObject({ kind: 'ok' });
    answers.set('/oauth/access_token', { status: 400, body: doc.INSTAGRAM_WRONG_SECRET });
    expect(await probe.app()).toMatchObject({ kind: 'refused' });
    // Granted scopes are those stored at connection.
    expect(await probe.grantedScopes({ accessToken: 't', userId: '1', permissions: ['a'] })).toEqual({
      kind: 'scopes',
      scopes: ['a'],
    });
    expect(await probe.grantedScopes({ accessToken: 't', userId: '1' })).toEqual({ kind: 'unknown' });
  });

  it('TikTok: a client access token, or invalid_client', async () => {
    const probe = tiktokProbe({ ...app, api: base });
    answers.set('/v2/oauth/token/', { status: 200, body: doc.TIKTOK_CLIENT_TOKEN });
    expect(await probe.app()).toMatchObject({ kind: 'ok' });
    answers.set('/v2/oauth/token/', { status: 401, body: doc.TIKTOK_INVALID_CLIENT });
    expect(await probe.app()).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('invalid_client: Client key or secret is incorrect.'),
    });
  });

  it('Google: invalid_grant means the client is right, invalid_client that it is wrong', async () => {
    const probe = googleProbe({ ...app, api: base });
    answers.set('/token', { status: 400, body: doc.GOOGLE_INVALID_GRANT });
    expect(await probe.app()).toMatchObject({ kind: 'ok' });
    answers.set('/token', { status: 401, body: doc.GOOGLE_INVALID_CLIENT });
    expect(await probe.app()).toMatchObject({ kind: 'refused' });
    answers.set('/tokeninfo', { status: 200, body: doc.GOOGLE_TOKENINFO });
    expect(
      await probe.grantedScopes({ accessToken: 'ya29', refreshToken: '1//0', channelId: 'UC1' }),
    ).toEqual({ kind: 'scopes', scopes: doc.GOOGLE_TOKENINFO.scope.split(' ') });
  });

  it('a 5xx or no answer is unreachable, never a refusal', async () => {
    answers.set('/v2/oauth/token/', { status: 503, body: {} });
    expect(await tiktokProbe({ ...app, api: base }).app()).toMatchObject({ kind: 'unreachable' });
    expect(await tiktokProbe({ ...app, api: 'http://127.0.0.1:9' }).app()).toMatchObject({
      kind: 'unreachable',
      message: '127.0.0.1:9: ECONNREFUSED',
    });
  });
});
