import { describe, expect, it } from 'vitest';
import { aUser } from '../testing/builders.js';
import { createFakeClock } from '../testing/fake-clock.js';
import { decideRateLimit } from './decide-rate-limit.js';
import { rateLimitHeaders } from './rate-limit-headers.js';
import {
  addressRateLimitPolicy,
  DEFAULT_RATE_LIMITS,
  keyRateLimitPolicy,
  keyRateLimitSubject,
  registrationRateLimitPolicy,
} from './rate-limit-policy.js';

const START = new Date('2026-01-15T12:00:00.000Z');

describe('rateLimitHeaders', () => {
  it('lists every policy in the draft-11 structured-field form, and Retry-After only when refused', () => {
    const address = { name: 'address', quota: 1200, windowSeconds: 60 } as const;
    const key = { name: 'key', quota: 20, windowSeconds: 60 } as const;
    const now = new Date(START.getTime() + 18_500);
    const allowed = [
      decideRateLimit(address, { count: 7, windowStart: START }, now),
      decideRateLimit(key, { count: 3, windowStart: START }, now),
    ];
    expect(rateLimitHeaders(allowed)).toEqual({
      'RateLimit-Policy': '"address";q=1200;w=60, "key";q=20;w=60',
      RateLimit: '"address";r=1193;t=42, "key";r=17;t=42',
    });
    const refused = [allowed[0], decideRateLimit(key, { count: 21, windowStart: START }, now)].filter(
      (d) => d !== undefined,
    );
    expect(rateLimitHeaders(refused)).toEqual({
      'RateLimit-Policy': '"address";q=1200;w=60, "key";q=20;w=60',
      RateLimit: '"address";r=1193;t=42, "key";r=0;t=42',
      'Retry-After': '42',
    });
    expect(rateLimitHeaders([])).toEqual({});
  });
});

describe('rate-limit policies', () => {
  it('gives trials and expired trials the trial limit, paid plans and beta testers the paid one', () => {
    const now = createFakeClock(START).now();
    const future = new Date(START.getTime() + 86_400_000);
    const past = new Date(START.getTime() - 1);
    const settings = { perKey: { trial: 30, paid: 300 }, perAddress: 0 };
    const quota = (user: ReturnType<typeof aUser>) => keyRateLimitPolicy(user, now, settings)?.quota;
    expect(quota(aUser({ plan: { kind: 'trial', endsAt: future } }))).toBe(30);
    expect(quota(aUser({ plan: { kind: 'trial', endsAt: past } }))).toBe(30);
    expect(quota(aUser({ plan: { kind: 'paid' } }))).toBe(300);
    expect(quota(aUser({ plan: { kind: 'trial', endsAt: past }, betaTester: true }))).toBe(300);
    expect(addressRateLimitPolicy(settings)).toBeNull();
    expect(addressRateLimitPolicy(DEFAULT_RATE_LIMITS)).toEqual({
      name: 'address',
      quota: 1200,
      windowSeconds: 60,
    });
    expect(
      keyRateLimitPolicy(aUser({ plan: { kind: 'paid' } }), now, {
        ...settings,
        perKey: { trial: 30, paid: 0 },
      }),
    ).toBeNull();
  });

  it('counts client registrations per address and hour: 20 by default, 0 turns it off', () => {
    expect(registrationRateLimitPolicy(DEFAULT_RATE_LIMITS)).toEqual({
      name: 'registration',
      quota: 20,
      windowSeconds: 3600,
    });
    const settings = { perKey: { trial: 30, paid: 300 }, perAddress: 0 };
    expect(registrationRateLimitPolicy(settings)?.quota).toBe(20);
    expect(registrationRateLimitPolicy({ ...settings, registrationsPerHour: 3 })?.quota).toBe(3);
    expect(registrationRateLimitPolicy({ ...settings, registrationsPerHour: 0 })).toBeNull();
  });
});

describe('keyRateLimitSubject', () => {
  it('counts an API key by its id, and an OAuth client per user it acts for', () => {
    const [ann, bob] = [aUser(), aUser()];
    const key = { credentialId: 'key_1', scopes: [], accountIds: null };
    expect(keyRateLimitSubject({ ...key, user: ann })).toBe('key_1');
    const agent = {
      credentialId: 'oauth:https://agent.example/client.json',
      scopes: [],
      accountIds: null,
      oauthScopes: [],
    };
    expect(keyRateLimitSubject({ ...agent, user: ann })).toBe(
      `oauth:https://agent.example/client.json@${ann.id}`,
    );
    expect(keyRateLimitSubject({ ...agent, user: bob })).not.toBe(
      keyRateLimitSubject({ ...agent, user: ann }),
    );
  });
});
