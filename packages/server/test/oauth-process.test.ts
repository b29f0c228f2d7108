import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { verifyPassword } from '@svc/oauth';
import { openSqliteStore } from '@svc/store-sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServerProcess, svcInProcess, useDataDirs } from './support.js';

const dataDir = useDataDirs();
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) await server.stop('SIGKILL');
});

const PASSWORD = 'a long enough password';

/** A port nothing listens on, so SVC_BASE_URL (the OAuth issuer) can name it before the start. */
/** The stored password hash of a user, read from the data directory's SQLite file. */
async function storedHash(dir: string, email: string): Promise<string | null> {
  const store = openSqliteStore({ path: join(dir, 'svc.db') });
  try {
    const user = await store.users.getUserByEmail(email);
    return user === null ? null : store.users.getPasswordHash(user.id);
  } finally {
    await store.close();
  }
}

describe('svc users: sign-in passwords', () => {
  it('sets a password at creation and with set-password, read from stdin and stored as scrypt', async () => {
    const env = { SVC_DATA_DIR: dataDir() };
    const created = await svcInProcess(
      ['users', 'create', '--email', 'Owner@Example.com', '--plan', 'paid', '--password-stdin'],
      env,
      `${PASSWORD}\n`,
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.json).toMatchObject({ email: 'owner@example.com', plan: 'paid' });
    const first = await storedHash(env.SVC_DATA_DIR, 'owner@example.com');
    expect(first).toMatch(/^scrypt\$/);
    expect(await verifyPassword(PASSWORD, String(first))).toBe(true);

    const changed = await svcInProcess(
      ['users', 'set-password', '--email', 'owner@example.com', '--password-stdin'],
      env,
      'another long password\r\n',
    );
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.json).toEqual({ id: created.json.id, email: 'owner@example.com' });
    const second = String(await storedHash(env.SVC_DATA_DIR, 'owner@example.com'));
    expect(await verifyPassword('another long password', second)).toBe(true);
    expect(await verifyPassword(PASSWORD, second)).toBe(false);
  });

  it("ends the person's sign-in sessions (console and authorization server) on set-password", async () => {
    const env = { SVC_DATA_DIR: dataDir() };
    const created = await svcInProcess(['users', 'create', '--email', 'owner@example.com'], env);
    const other = await svcInProcess(['users', 'create', '--email', 'other@example.com'], env);
    const userId = String(created.json.id);
    const later = new Date(Date.now() + 3_600_000);
    const store = openSqliteStore({ path: join(env.SVC_DATA_DIR, 'svc.db') });
    try {
      await store.oauth.upsert('ConsoleSession', 'console-1', { accountId: userId }, later);
      await store.oauth.upsert('Session', 'browser-1', { accountId: userId }, later);
      await store.oauth.upsert('ConsoleSession', 'console-2', { accountId: String(other.json.id) }, later);
    } finally {
      await store.close();
    }
    const changed = await svcInProcess(
      ['users', 'set-password', '--email', 'owner@example.com', '--password-stdin'],
      env,
      PASSWORD,
    );
    expect(changed.code, changed.stderr).toBe(0);
    const after = openSqliteStore({ path: join(env.SVC_DATA_DIR, 'svc.db') });
    try {
      expect(await after.oauth.listByAccount('ConsoleSession', userId)).toEqual([]);
      expect(await after.oauth.listByAccount('Session', userId)).toEqual([]);
      expect(await after.oauth.listByAccount('ConsoleSession', String(other.json.id))).toHaveLength(1);
    } finally {
      await after.close();
    }
  });

  it('refuses a missing --password-stdin, a short password and an unknown user, on one line of stderr', async () => {
    const env = { SVC_DATA_DIR: dataDir() };
    await svcInProcess(['users', 'create', '--email', 'owner@example.com'], env);
    const cases: [string[], string, RegExp][] = [
      [['--email', 'owner@example.com'], PASSWORD, /--password-stdin is required/],
      [['--email', 'owner@example.com', '--password-stdin'], 'short\n', /at least 10 characters/],
      [
        ['--email', 'nobody@example.com', '--password-stdin'],
        PASSWORD,
        /No user with the email nobody@example.com/,
      ],
    ];
    for (const [args, stdin, message] of cases) {
      const outcome = await svcInProcess(['users', 'set-password', ...args], env, stdin);
      expect(outcome.code).not.toBe(0);
      expect(outcome.stdout).toBe('');
      expect(outcome.stderr.trim().split('\n')).toHaveLength(1);
      expect(outcome.stderr).toMatch(message);
    }
    expect(await storedHash(env.SVC_DATA_DIR, 'owner@example.com')).toBeNull();
  });
});

describe('svc serve: the OAuth authorization server', () => {
  it('serves the metadata, registers a client, signs the user in and the token calls a tool', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { SVC_DATA_DIR: dataDir(), PORT: String(port), SVC_BASE_URL: base, SVC_PUBLISHER: 'off' };
    await svcInProcess(
      ['users', 'create', '--email', 'owner@example.com', '--plan', 'paid', '--password-stdin'],
      env,
      PASSWORD,
    );
    const server = await startServerProcess(env);
    running.push(server);

    const resource = (await (await fetch(`${base}/.well-known/oauth-protected-resource/api/mcp`)).json()) as {
      authorization_servers: string[];
    };
    expect(resource.authorization_servers).toEqual([base]);
    const metadata = (await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json()) as Record<
      string,
      string
    >;
    expect(metadata.issuer).toBe(base);

    const callback = 'http://127.0.0.1:53682/cb';
    const registered = (await (
      await fetch(String(metadata.registration_endpoint), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          redirect_uris: [callback],
          token_endpoint_auth_method: 'none',
          client_name: 'Process Agent',
        }),
      })
    ).json()) as { client_id: string };

    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(String(metadata.authorization_endpoint));
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: registered.client_id,
      redirect_uri: callback,
      scope: 'mcp:read',
      state: 's',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    })) {
      authorize.searchParams.set(name, value);
    }
    // The person's browser, reduced to a cookie jar and hand-followed redirects.
    const jar = new Map<string, string>();
    const go = async (
      url: string,
      form?: Record<string, string>,
    ): Promise<{ url: string; html: string; location: string | null }> => {
      const response = await fetch(url, {
        method: form === undefined ? 'GET' : 'POST',
        redirect: 'manual',
        headers: {
          Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(form === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }),
        },
        ...(form === undefined ? {} : { body: new URLSearchParams(form).toString() }),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      const location = response.headers.get('location');
      if (location !== null && !location.startsWith(callback)) return go(new URL(location, url).href);
      return { url, html: await response.text(), location };
    };
    const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const signIn = await go(authorize.href);
    expect(signIn.html).toContain('Process Agent');
    const consent = await go(signIn.url, {
      csrf: csrfOf(signIn.html),
      step: 'sign-in',
      email: 'owner@example.com',
      password: PASSWORD,
    });
    expect(consent.html).toContain('<code>mcp:read</code>');
    const done = await go(consent.url, { csrf: csrfOf(consent.html), step: 'consent', decision: 'allow' });
    const code = new URL(String(done.location)).searchParams.get('code') ?? '';
    const tokens = (await (
      await fetch(String(metadata.token_endpoint), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: callback,
          client_id: registered.client_id,
          code_verifier: verifier,
        }).toString(),
      })
    ).json()) as { access_token: string };

    const call = (name: string) =>
      fetch(`${base}/api/mcp`, {
        method: 'POST',
        headers: {
          Accept: 'application/json, text/event-stream',
          'Content-Type': 'application/json',
          Authorization: `Bearer ${tokens.access_token}`,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name, arguments: {} },
        }),
      });
    const listed = await call('svc_list_connected_social_accounts');
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { result: { isError?: boolean } }).result.isError ?? false).toBe(false);
    const refused = await call('svc_draft_post');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('scope="mcp:write"');
    // Adding media needs media:write, which mcp:write grants: the challenge asks for that.
    const media = await call('svc_add_media_from_url');
    expect(media.status).toBe(403);
    expect(media.headers.get('www-authenticate')).toContain('scope="mcp:write"');
  });

  it('limits open client registration per address (SVC_REGISTRATION_RATE_LIMIT) and caps its size', async () => {
    // Issue 30: 300 registrations in 478 ms, ~55 KB each, none ever refused.
    const env = { SVC_DATA_DIR: dataDir(), SVC_PUBLISHER: 'off', SVC_REGISTRATION_RATE_LIMIT: '3' };
    const server = await startServerProcess(env);
    running.push(server);
    const register = (metadata: Record<string, unknown>) =>
      fetch(`${server.url}/oauth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          redirect_uris: ['http://127.0.0.1:53682/cb'],
          token_endpoint_auth_method: 'none',
          client_name: 'Process Agent',
          ...metadata,
        }),
      });
    const oversized = await register({ client_name: 'x'.repeat(55_000) });
    expect(oversized.status).toBe(400);
    expect(await oversized.json()).toMatchObject({ error: 'invalid_client_metadata' });
    // The refused one counted: two more pass, the next is refused for the hour.
    for (let i = 0; i < 2; i++) expect((await register({})).status).toBe(201);
    const refused = await register({});
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(3500);
    expect(await refused.json()).toMatchObject({ error: 'rate_limited' });
  });
});
