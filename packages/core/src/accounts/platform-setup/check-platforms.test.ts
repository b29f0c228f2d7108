import { describe, expect, it } from 'vitest';
import { checkPlatforms } from './check-platforms.js';
import { graphVersionCheck, offlinePlatformChecks } from './offline-platform-checks.js';
import { platformReportsOk } from './platform-check.js';
import type { PlatformProbe } from './platform-probe.js';
import { DEFAULT_PLATFORM_FEATURES, missingRequiredScopes, scopesFor } from './platform-scopes.js';
import type { PlatformSetup } from './platform-setup.js';

const NOW = new Date('2026-11-29T00:00:00Z');
const setup = (over: Partial<PlatformSetup> = {}): PlatformSetup => ({
  baseUrl: 'https://svc.example',
  sandbox: false,
  features: DEFAULT_PLATFORM_FEATURES,
  credentials: {
    instagram: { clientId: 'ig', clientSecret: 's' },
    facebook: { clientId: 'fb', clientSecret: 's' },
    tiktok: { clientId: 'tt', clientSecret: 's' },
  },
  metaGraphVersion: 'v23.0',
  facebookConfigId: null,
  tiktokVerifiedMediaPrefix: null,
  mediaUrlPrefix: 'https://svc.example/media/',
  ...over,
});
const find = (checks: readonly { name: string }[], name: string) => checks.find((c) => c.name === name);

describe('the scopes each feature asks for', () => {
  it('asks only what publishing needs with every optional feature off', () => {
    const off = { analytics: false, commentAutomations: false, privateReplies: false, businessPages: false };
    expect(scopesFor('instagram', off)).toEqual([
      'instagram_business_basic',
      'instagram_business_content_publish',
    ]);
    expect(scopesFor('tiktok', off)).toEqual(['user.info.basic', 'user.info.profile', 'video.publish']);
    expect(scopesFor('facebook', off)).toEqual([
      'pages_show_list',
      'pages_manage_posts',
      'pages_read_engagement',
    ]);
    expect(scopesFor('facebook', { ...off, businessPages: true })).toContain('business_management');
    // Private replies are part of comment automations: alone they add nothing.
    expect(scopesFor('instagram', { ...off, privateReplies: true })).not.toContain(
      'instagram_business_manage_messages',
    );
  });

  it('never asks Facebook for publish_video (Live only)', () => {
    expect(scopesFor('facebook', { ...DEFAULT_PLATFORM_FEATURES, businessPages: true })).not.toContain(
      'publish_video',
    );
  });

  it('names the required scopes a grant lacks, comma or space separated', () => {
    expect(missingRequiredScopes('tiktok', ['user.info.basic,user.info.profile'])).toEqual(['video.publish']);
    expect(missingRequiredScopes('threads', ['threads_basic threads_content_publish'])).toEqual([]);
  });
});

describe('offline platform checks', () => {
  it('a platform without credentials is sandbox or not configured', () => {
    expect(offlinePlatformChecks('youtube', setup(), NOW)).toEqual([
      expect.objectContaining({ name: 'credentials', ok: true, level: 'skipped' }),
    ]);
    expect(
      find(offlinePlatformChecks('youtube', setup({ sandbox: true }), NOW), 'credentials'),
    ).toMatchObject({
      level: 'pass',
    });
  });

  it('wants https for the redirect URI, except on loopback (a warning)', () => {
    expect(find(offlinePlatformChecks('facebook', setup(), NOW), 'redirect_uri')).toMatchObject({
      level: 'pass',
      message: expect.stringContaining('https://svc.example/connect/callback'),
    });
    const local = setup({ baseUrl: 'http://localhost:3000', mediaUrlPrefix: 'http://localhost:3000/media/' });
    expect(find(offlinePlatformChecks('facebook', local, NOW), 'redirect_uri')).toMatchObject({
      level: 'warn',
    });
    expect(find(offlinePlatformChecks('facebook', local, NOW), 'media_links')).toMatchObject({
      level: 'warn',
    });
    const plain = setup({ baseUrl: 'http://svc.example' });
    expect(find(offlinePlatformChecks('tiktok', plain, NOW), 'redirect_uri')).toMatchObject({ ok: false });
  });

  it('warns within 90 days of the Graph version’s end and fails after it', () => {
    expect(graphVersionCheck(setup(), NOW)).toMatchObject({
      level: 'pass',
      message: expect.stringContaining('2027-10-08'),
    });
    expect(graphVersionCheck(setup(), new Date('2027-08-01T00:00:00Z'))).toMatchObject({
      level: 'warn',
      message: expect.stringContaining('in 68 days'),
    });
    expect(graphVersionCheck(setup(), new Date('2027-10-08T00:00:00Z'))).toMatchObject({ ok: false });
    expect(graphVersionCheck(setup({ metaGraphVersion: 'v99.0' }), NOW)).toMatchObject({ level: 'warn' });
    expect(graphVersionCheck(setup({ metaGraphVersion: '23' }), NOW)).toMatchObject({ ok: false });
  });

  it('checks TikTok’s verified media prefix against where media links point', () => {
    const prefix = (tiktokVerifiedMediaPrefix: string | null) =>
      find(
        offlinePlatformChecks('tiktok', setup({ tiktokVerifiedMediaPrefix }), NOW),
        'verified_media_prefix',
      );
    expect(prefix(null)).toMatchObject({ level: 'warn' });
    expect(prefix('https://svc.example/media/')).toMatchObject({ level: 'pass' });
    expect(prefix('https://cdn.example/')).toMatchObject({ ok: false });
  });

  it('says a Facebook Login for Business configuration replaces the scopes, and checks its id', () => {
    expect(
      find(offlinePlatformChecks('facebook', setup({ facebookConfigId: '123456789' }), NOW), 'scopes'),
    ).toMatchObject({
      level: 'pass',
      message: expect.stringContaining('replaces the scope list'),
    });
    expect(
      find(offlinePlatformChecks('facebook', setup({ facebookConfigId: 'abc' }), NOW), 'scopes'),
    ).toMatchObject({
      ok: false,
    });
  });
});

describe('checkPlatforms', () => {
  const probe = (over: Partial<PlatformProbe> = {}): PlatformProbe => ({
    app: async () => ({ kind: 'ok', message: 'accepted' }),
    grantedScopes: async () => ({ kind: 'scopes', scopes: scopesFor('tiktok', DEFAULT_PLATFORM_FEATURES) }),
    ...over,
  });

  it('adds the live app check and one check per account, failing on a missing required scope', async () => {
    const reports = await checkPlatforms(
      setup(),
      {
        now: NOW,
        probes: {
          tiktok: probe({
            grantedScopes: async (c) =>
              c.which === 'full'
                ? { kind: 'scopes', scopes: scopesFor('tiktok', DEFAULT_PLATFORM_FEATURES) }
                : c.which === 'no-stats'
                  ? { kind: 'scopes', scopes: ['user.info.basic', 'video.publish'] }
                  : { kind: 'scopes', scopes: ['user.info.basic'] },
          }),
        },
        accountsOf: async () => [
          { handle: 'full', credentials: { which: 'full' } },
          { handle: 'lean', credentials: { which: 'no-stats' } },
          { handle: 'broken', credentials: { which: 'none' } },
        ],
      },
      'tiktok',
    );
    expect(reports).toHaveLength(1);
    const checks = reports[0]?.checks ?? [];
    expect(find(checks, 'app')).toMatchObject({ level: 'pass' });
    expect(checks.filter((c) => c.name === 'account_scopes').map((c) => c.level)).toEqual([
      'pass',
      'warn',
      'fail',
    ]);
    expect(platformReportsOk(reports)).toBe(false);
  });

  it('an unreachable platform is skipped, not failed', async () => {
    const reports = await checkPlatforms(
      setup(),
      {
        now: NOW,
        probes: { instagram: probe({ app: async () => ({ kind: 'unreachable', message: 'ENOTFOUND' }) }) },
        accountsOf: async () => [],
      },
      'instagram',
    );
    expect(find(reports[0]?.checks ?? [], 'app')).toMatchObject({ ok: true, level: 'skipped' });
    expect(platformReportsOk(reports)).toBe(true);
  });
});
