import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess, svcInProcess } from './support.js';

// Issue 30: five wrong passwords locked the right one out for 15 minutes, from anywhere (anyone
// who knows an email could lock its owner out), and the per-address limit took each IPv6 address
// apart where the API groups a /64. Against `svc serve` behind a trusted proxy, the client address
// coming from X-Forwarded-For as a reverse proxy would send it.

const PASSWORD = 'correct horse battery staple';
let server: ServerProcess;
let env: Record<string, string>;

// One server for the whole file (each test its own users), so one data directory for it all.
const dir = mkdtempSync(join(tmpdir(), 'svc-sign-in-'));

beforeAll(async () => {
  env = { SVC_DATA_DIR: dir, SVC_TRUST_PROXY: '1', SVC_PUBLISHER: 'off' };
  const migrated = await svcInProcess(['migrate'], env);
  expect(migrated.code, migrated.stderr).toBe(0);
  server = await startServerProcess(env);
});
afterAll(async () => {
  if (server.child.exitCode === null) await server.stop('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function owner(email: string): Promise<string> {
  const created = await svcInProcess(
    ['users', 'create', '--email', email, '--plan', 'paid', '--password-stdin'],
    env,
    PASSWORD,
  );
  expect(created.code, created.stderr).toBe(0);
  return email;
}

/** A console sign-in from `address`: 303 signed in, 401 wrong, 429 wait (with Retry-After). */
async function signIn(address: string, email: string, password: string) {
  const res = await fetch(`${server.url}/app/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': address },
    body: new URLSearchParams({ email, password }),
    redirect: 'manual',
  });
  await res.text();
  return { status: res.status, retryAfter: Number(res.headers.get('Retry-After') ?? 0) };
}

describe('svc serve: sign-in limits', () => {
  it('locks the address that guessed, not the owner signing in from elsewhere', async () => {
    const ann = await owner('ann-lockout@example.com');
    const attacker = '203.0.113.66';
    for (let i = 0; i < 5; i++) expect((await signIn(attacker, ann, `guess ${i}`)).status).toBe(401);
    // The guessing address waits, even with the right password...
    const waiting = await signIn(attacker, ann, PASSWORD);
    expect(waiting.status).toBe(429);
    expect(waiting.retryAfter).toBeGreaterThan(14 * 60);
    expect(waiting.retryAfter).toBeLessThanOrEqual(15 * 60);
    // ...and the owner, from their own address, signs in.
    expect((await signIn('198.51.100.20', ann, PASSWORD)).status).toBe(303);
    // The guessing address may still sign in to another account it knows the password of.
    const bob = await owner('bob-lockout@example.com');
    expect((await signIn(attacker, bob, PASSWORD)).status).toBe(303);
  });

  it('counts IPv6 neighbours in one /64 as one address, for wrong passwords and for attempts', async () => {
    const cho = await owner('cho-ipv6@example.com');
    for (let i = 0; i < 5; i++) {
      expect((await signIn(`2001:db8:aa:bb::${i + 1}`, cho, `guess ${i}`)).status).toBe(401);
    }
    expect((await signIn('2001:db8:aa:bb:ffff::1', cho, PASSWORD)).status).toBe(429);
    expect((await signIn('2001:db8:aa:cc::1', cho, PASSWORD)).status).toBe(303);
    // 30 attempts per address in 15 minutes: one /64 spraying many accounts from fresh addresses.
    for (let i = 0; i < 30; i++) {
      const status = (await signIn(`2001:db8:bb:1::${i + 1}`, `nobody-${i}@example.com`, 'guess')).status;
      expect(status).toBe(401);
    }
    expect((await signIn('2001:db8:bb:1::ff', cho, PASSWORD)).status).toBe(429);
    expect((await signIn('2001:db8:bb:2::1', cho, PASSWORD)).status).toBe(303);
  });

  it('stops an account everywhere after 100 wrong passwords a day from many addresses (the backstop)', async () => {
    const dee = await owner('dee-backstop@example.com');
    // Twenty addresses, five guesses each: each stays under its own pair limit.
    for (let a = 0; a < 20; a++) {
      for (let i = 0; i < 5; i++) {
        expect((await signIn(`192.0.2.${a + 1}`, dee, `guess ${a}-${i}`)).status).toBe(401);
      }
    }
    const stopped = await signIn('198.51.100.99', dee, PASSWORD);
    expect(stopped.status).toBe(429);
    expect(stopped.retryAfter).toBeGreaterThan(23 * 3600);
    expect(stopped.retryAfter).toBeLessThanOrEqual(24 * 3600);
    // A hundred password hashes on purpose (each ~0.2 s here): more than the default 20 s.
  }, 60_000);
});
