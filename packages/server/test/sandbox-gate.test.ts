import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { mintSandboxAccount, SANDBOX_APPS, webhookSignatures } from '@svc/sandbox';
import { WEB_CSS } from '@svc/web';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSecret, sandboxWebhookSecret } from '../src/open-services.js';
import { SANDBOX_SERVER_SECRET, type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';
import { startServerProcess, svcInProcess, useDataDirs } from './support.js';

const PASSWORD = 'a long sandbox password';
const OPERATOR_TOKEN = 'operator-token-of-at-least-32-characters';

/**
 * An address of this machine that is not loopback: a request to the server at it comes from it,
 * so the server sees a client on another address, as it would a visitor from the network.
 */
function outsideAddress(): string {
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) if (!entry.internal && entry.family === 'IPv4') return entry.address;
  }
  throw new Error('this machine has no non-loopback IPv4 address to test a remote client with');
}

type Answer = { status: number; headers: Headers; text: string; json: any };

/** A client of the server at `origin`, keeping one console session cookie. */
function browserAt(origin: string) {
  let cookie: string | null = null;
  const request = async (path: string, init: RequestInit = {}): Promise<Answer> => {
    const headers = new Headers(init.headers);
    if (cookie !== null && !headers.has('cookie')) headers.set('cookie', cookie);
    const res = await fetch(`${origin}${path}`, { ...init, headers, redirect: 'manual' });
    const set = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('svc_console=') && !c.includes('Max-Age=0'));
    if (set !== undefined) cookie = set.split(';')[0] ?? null;
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, headers: res.headers, text, json };
  };
  return {
    request,
    form: (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(fields).toString(),
      }),
    async signIn(email: string) {
      const signedIn = await this.form('/app/sign-in', { email, password: PASSWORD, next: '/app' });
      expect(signedIn.status).toBe(303);
    },
    setCookie(value: string) {
      cookie = value;
    },
  };
}

/** A person with a console password. */
async function personWithPassword(server: SandboxServer, email: string) {
  const created = await svcInProcess(
    ['users', 'create', '--email', email, '--plan', 'paid', '--password-stdin'],
    server.env,
    PASSWORD,
  );
  expect(created.code).toBe(0);
  return created.json.id as string;
}

async function connectUrlFor(server: SandboxServer, key: string): Promise<string> {
  const asked = await server.call('/api/v1/connections', key, {
    method: 'POST',
    json: { platform: 'threads' },
  });
  expect(asked.status).toBe(200);
  return asked.body.connectUrl;
}

/** Follows a connect link to the sandbox consent page it leads to; its path and the binding cookie. */
async function consentPathOf(origin: string, connectUrl: string) {
  const started = await fetch(`${origin}${new URL(connectUrl).pathname}`, { redirect: 'manual' });
  expect(started.status).toBe(302);
  const location = new URL(started.headers.get('location') ?? '');
  const binding = started.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  return { path: `${location.pathname}${location.search}`, binding };
}

describe('the sandbox on a reachable server, as the default leaves it', () => {
  let server: SandboxServer;
  let outside: string;
  let key: string;
  let permalink: string;

  beforeAll(async () => {
    // Listening on every interface, as `pnpm start` does.
    server = await startSandboxServer({ HOST: '0.0.0.0' });
    outside = `http://${outsideAddress()}:${new URL(server.url).port}`;
    ({ key } = await seedUser(server, ['threads']));
    const listed = await server.call('/api/v1/connections', key);
    const threadsAccount = listed.body.accounts[0].id;
    const created = await server.call('/api/v1/publish', key, {
      method: 'POST',
      json: { platforms: ['threads'], profileIds: [threadsAccount], caption: 'visible only here' },
    });
    const postId = created.body.postIds[0];
    for (let i = 0; i < 200; i++) {
      const post = await server.call(`/api/v1/posts/${postId}`, key);
      if (post.body.permalink !== null) {
        permalink = post.body.permalink;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(permalink).toBeDefined();
  }, 30_000);
  afterAll(() => server.close());

  it('answers nothing under /sandbox/ to another machine, and everything to this one', async () => {
    const pagePath = new URL(permalink).pathname;
    const reads = [
      '/sandbox/control/instagram/webhook',
      '/sandbox/control/instagram/comments?mediaId=1',
      pagePath,
      '/sandbox/threads/graph/v1.0/me?access_token=x',
    ];
    for (const path of reads) {
      const remote = await browserAt(outside).request(path);
      expect([path, remote.status]).toEqual([path, 403]);
      expect(remote.text).toContain('answer only on the machine the server runs on');
    }
    const repoint = await fetch(`${outside}/sandbox/control/instagram/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ callbackUrl: 'https://elsewhere.example/hook', verifyToken: 'x'.repeat(20) }),
    });
    expect([repoint.status, ((await repoint.json()) as { code: string }).code]).toEqual([
      403,
      'sandbox_local_only',
    ]);
    // The control API's read and the page still answer on this machine; the hook is untouched.
    const local = browserAt(server.url);
    const hook = await local.request('/sandbox/control/instagram/webhook');
    expect(hook.status).toBe(200);
    expect(hook.json.webhook.callbackUrl).toBe(`${server.url}/webhooks/instagram`);
    expect((await local.request(pagePath)).status).toBe(200);
  });

  it('does not count a request forwarded by a proxy on this machine as local', async () => {
    const forwarded = await browserAt(server.url).request('/sandbox/control/instagram/webhook', {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect([forwarded.status, forwarded.json.code]).toEqual([403, 'sandbox_local_only']);
  });

  it('refuses a consent page from another machine before anyone can approve it', async () => {
    const { path } = await consentPathOf(outside, await connectUrlFor(server, key));
    const consent = await browserAt(outside).request(path);
    expect(consent.status).toBe(403);
    expect(consent.headers.get('content-type')).toContain('text/html');
    const approve = await browserAt(outside).form(path, { handle: 'someone_else' });
    expect(approve.status).toBe(403);
    expect(approve.headers.get('location')).toBeNull();
  });

  it("sends people back only to the service's own callback", async () => {
    const { path } = await consentPathOf(server.url, await connectUrlFor(server, key));
    const elsewhere = new URL(path, server.url);
    elsewhere.searchParams.set('redirect_uri', 'https://evil.example/callback');
    const page = await browserAt(server.url).request(`${elsewhere.pathname}${elsewhere.search}`);
    expect(page.status).toBe(400);
    expect(page.text).toContain('registered redirect URIs');
    const approve = await browserAt(server.url).form(`${elsewhere.pathname}${elsewhere.search}`, {
      handle: 'demo',
    });
    expect([approve.status, approve.headers.get('location')]).toEqual([400, null]);
  });

  it("sends the console's content policy and frame protection with every page", async () => {
    const { path } = await consentPathOf(server.url, await connectUrlFor(server, key));
    const pages = [
      await browserAt(server.url).request(path),
      await browserAt(server.url).request(new URL(permalink).pathname),
      await browserAt(server.url).request('/connect/callback?state=nothing'),
      await browserAt(server.url).request('/connect/conn_unknown'),
    ];
    for (const page of pages) {
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.text).not.toMatch(/<style|style=/);
    }
    // The sandbox's and the connect pages' stylesheet is the one every surface shares, byte for byte.
    for (const page of [pages[0], pages[2]]) {
      const href = /<link rel="stylesheet" href="([^"]+)">/.exec(page?.text ?? '')?.[1] ?? '';
      const css = await browserAt(server.url).request(href);
      expect([css.status, css.headers.get('content-type'), css.headers.get('cache-control')]).toEqual([
        200,
        'text/css; charset=utf-8',
        'public, max-age=31536000, immutable',
      ]);
      expect(css.text).toBe(WEB_CSS);
    }
  });

  it("checks Instagram's comment webhooks with this install's secret, not the simulated app's public one", async () => {
    const body = JSON.stringify({ object: 'instagram', entry: [] });
    const post = (secret: string) =>
      fetch(`${server.url}/webhooks/instagram`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': webhookSignatures(body, secret).sha256,
        },
        body,
      });
    const forged = await post(SANDBOX_APPS.instagram.clientSecret);
    expect([forged.status, ((await forged.json()) as { code: string }).code]).toEqual([
      401,
      'invalid_signature',
    ]);
    expect((await post(sandboxWebhookSecret(SANDBOX_SERVER_SECRET))).status).toBe(200);
  });
});

describe('media links the service or a simulator would fetch', () => {
  let server: SandboxServer;
  let target: Server;
  let hits: string[];
  let targetUrl: string;

  beforeAll(async () => {
    server = await startSandboxServer();
    hits = [];
    target = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/internal.jpg`;
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => target.close(resolve));
  });
  afterEach(() => {
    hits.length = 0;
  });

  it('refuses a post whose link points inside the network, for the platforms that fetch links themselves', async () => {
    const { key, accounts } = await seedUser(server, ['threads', 'instagram']);
    for (const platform of ['threads', 'instagram'] as const) {
      const created = await server.call('/api/v1/posts', key, {
        method: 'POST',
        json: {
          platforms: [platform],
          profileIds: [accounts[platform]],
          caption: 'x',
          mediaUrls: [targetUrl],
        },
      });
      expect([platform, created.status, created.body.code]).toEqual([platform, 422, 'media_url_blocked']);
    }
    const listed = await server.call('/api/v1/posts', key);
    expect(listed.body.posts).toEqual([]);
    expect(hits).toEqual([]);
  });

  it('makes a simulator fetch media through the safe fetcher, so a private address answers nothing', async () => {
    const minted = mintSandboxAccount({
      platform: 'threads',
      handle: 'prober',
      secret: sandboxSecret(SANDBOX_SERVER_SECRET),
      baseUrl: server.url,
      now: new Date(),
    });
    const token = String(minted.credentials.accessToken);
    const base = `${server.url}/sandbox/threads/graph/v1.0`;
    const made = await fetch(`${base}/${minted.platformAccountId}/threads`, {
      method: 'POST',
      body: new URLSearchParams({ media_type: 'IMAGE', image_url: targetUrl, access_token: token }),
    });
    const { id } = (await made.json()) as { id: string };
    let status = '';
    for (let i = 0; i < 100 && status !== 'ERROR' && status !== 'FINISHED'; i++) {
      const read = await fetch(`${base}/${id}?fields=status,error_message&access_token=${token}`);
      status = ((await read.json()) as { status: string }).status;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe('ERROR');
    expect(hits).toEqual([]);
  });
});

describe('the sandbox exposed by the operator', () => {
  let server: SandboxServer;
  let outside: string;
  let annKey: string;
  let permalinkPath: string;

  beforeAll(async () => {
    server = await startSandboxServer({
      HOST: '0.0.0.0',
      SVC_SANDBOX_EXPOSE: 'on',
      SVC_SANDBOX_TOKEN: OPERATOR_TOKEN,
    });
    outside = `http://${outsideAddress()}:${new URL(server.url).port}`;
    await personWithPassword(server, 'ann@example.com');
    await personWithPassword(server, 'bob@example.com');
    annKey = (await server.cli(['keys', 'create', '--email', 'ann@example.com', '--scopes', '*'])).json.key;
    const connected = await server.cli([
      'accounts',
      'connect-sandbox',
      '--email',
      'ann@example.com',
      '--platform',
      'threads',
      '--handle',
      'ann_threads',
    ]);
    const created = await server.call('/api/v1/publish', annKey, {
      method: 'POST',
      json: { platforms: ['threads'], profileIds: [connected.json.id], caption: 'hello' },
    });
    for (let i = 0; i < 200 && permalinkPath === undefined; i++) {
      const post = await server.call(`/api/v1/posts/${created.body.postIds[0]}`, annKey);
      if (post.body.permalink !== null) permalinkPath = new URL(post.body.permalink).pathname;
      else await new Promise((r) => setTimeout(r, 50));
    }
  }, 30_000);
  afterAll(() => server.close());

  it("opens the control API to the operator's token only", async () => {
    const anonymous = await browserAt(outside).request('/sandbox/control/instagram/webhook');
    expect([anonymous.status, anonymous.json.code]).toEqual([401, 'invalid_sandbox_token']);
    const wrong = await browserAt(outside).request('/sandbox/control/instagram/webhook', {
      headers: { authorization: `Bearer ${'x'.repeat(OPERATOR_TOKEN.length)}` },
    });
    expect(wrong.status).toBe(401);
    // A signed-in person is not the operator.
    const ann = browserAt(outside);
    await ann.signIn('ann@example.com');
    expect((await ann.request('/sandbox/control/instagram/webhook')).status).toBe(401);
    const operator = await browserAt(outside).request('/sandbox/control/instagram/webhook', {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(operator.status).toBe(200);
  });

  it('lets the simulated platform APIs answer their own callers', async () => {
    const call = await browserAt(outside).request('/sandbox/threads/graph/v1.0/me?access_token=not-a-token');
    // The simulator's own refusal (an invalid token), not the gate's.
    expect(call.status).not.toBe(403);
    expect(call.json.code).not.toBe('sandbox_local_only');
    expect(call.json.error).toMatchObject({ type: 'OAuthException' });
  });

  it('shows pages only to signed-in people', async () => {
    const anonymous = await browserAt(outside).request(permalinkPath);
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).toContain(`/app/sign-in?next=${encodeURIComponent(permalinkPath)}`);
    const bob = browserAt(outside);
    await bob.signIn('bob@example.com');
    expect((await bob.request(permalinkPath)).status).toBe(200);
  });

  it('hands a consent page only to the person who asked for the connection', async () => {
    const { path, binding } = await consentPathOf(outside, await connectUrlFor(server, annKey));
    const anonymous = await browserAt(outside).request(path);
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).toContain('Sign in to the console');
    // Someone else, signed in, cannot approve Ann's request for an account of their choosing.
    const bob = browserAt(outside);
    await bob.signIn('bob@example.com');
    expect((await bob.request(path)).status).toBe(403);
    const bobApproves = await bob.form(path, { handle: 'bob_pick' });
    expect([bobApproves.status, bobApproves.headers.get('location')]).toEqual([403, null]);
    // Ann's form from another site is refused; from the page itself it connects the account.
    const ann = browserAt(outside);
    await ann.signIn('ann@example.com');
    expect((await ann.request(path)).status).toBe(200);
    const forged = await ann.form(path, { handle: 'ann_new' }, { origin: 'https://evil.example' });
    expect(forged.status).toBe(401);
    const fromPage = await ann.form(path, { handle: 'ann_new' }, { origin: new URL(server.url).origin });
    expect(fromPage.status).toBe(302);
    const callback = new URL(fromPage.headers.get('location') ?? '');
    expect(`${callback.origin}${callback.pathname}`).toBe(`${server.url}/connect/callback`);
    const finished = await browserAt(outside).request(`${callback.pathname}${callback.search}`, {
      headers: { cookie: binding },
    });
    expect(finished.status).toBe(200);
    const accounts = await server.call('/api/v1/connections', annKey);
    expect(accounts.body.accounts.map((a: { handle: string }) => a.handle)).toContain('ann_new');
  });
});

describe('svc serve with the sandbox on', () => {
  const dataDir = useDataDirs();

  it('warns loudly when it listens beyond loopback, and not when it does not', async () => {
    const wide = await startServerProcess({ SVC_DATA_DIR: dataDir(), SVC_SANDBOX: 'on' });
    await wide.stop();
    const warning = wide.logs.find((l) => String(l.msg).startsWith('Sandbox platforms are on'));
    expect(warning).toMatchObject({ level: 40, exposed: false });
    expect(String(warning?.msg)).toContain('/sandbox/ answers only clients on this machine');
    const narrow = await startServerProcess({
      SVC_DATA_DIR: dataDir(),
      SVC_SANDBOX: 'on',
      HOST: '127.0.0.1',
    });
    await narrow.stop();
    expect(narrow.logs.some((l) => String(l.msg).startsWith('Sandbox platforms are on'))).toBe(false);
  }, 30_000);
});
