import { DEFAULT_PLATFORM_FEATURES } from '@svc/core';
import { SANDBOX_FACEBOOK_CONFIG_ID } from '@svc/sandbox';
import { describe, expect, it } from 'vitest';
import { createFacebookGateway, type FacebookGatewayConfig } from '../../src/index.js';
import { runSteps } from './run-steps.js';
import { aJob, approveConsent, REDIRECT_URI, sandboxApp, useSandbox } from './sandbox-harness.js';

// `useSandbox` gives a fresh harness per test; each test builds the gateway it configures.
const t = useSandbox((h) => createFacebookGateway(sandboxApp(h, 'facebook')));
const gatewayWith = (options: Partial<FacebookGatewayConfig>) =>
  createFacebookGateway({ ...sandboxApp(t.h, 'facebook'), ...options });

async function connect(options: Partial<FacebookGatewayConfig>, extra: Record<string, string> = {}) {
  const gateway = gatewayWith(options);
  const url = gateway.authorizeUrl({ state: 's', redirectUri: REDIRECT_URI, codeVerifier: 'v'.repeat(43) });
  const { code } = await approveConsent(url, 'Acme Bakery', extra);
  const exchange = await gateway.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: '' });
  return { gateway, url, exchange };
}

const handles = (exchange: Awaited<ReturnType<typeof connect>>['exchange']) =>
  exchange.kind === 'connected' ? exchange.profiles.map((p) => p.handle) : exchange;

describe('Facebook Login: scopes, Login for Business and Business Manager Pages', () => {
  it('asks for the Pages permissions only: no publish_video, no business_management by default', async () => {
    const { url, exchange } = await connect({}, { business_page: 'Acme Catering' });
    const scope = new URL(url).searchParams.get('scope');
    expect(scope).toBe('pages_show_list,pages_manage_posts,pages_read_engagement');
    expect(new URL(url).searchParams.has('config_id')).toBe(false);
    // Without business_management the Business Manager's Page stays out of reach.
    expect(handles(exchange)).toEqual(['Acme Bakery']);
  });

  it('with a configuration id, names it instead of scopes and lists Business Manager Pages once each', async () => {
    const { gateway, url, exchange } = await connect(
      {
        configId: SANDBOX_FACEBOOK_CONFIG_ID,
        features: { ...DEFAULT_PLATFORM_FEATURES, businessPages: true },
      },
      { business_page: 'Acme Catering' },
    );
    const query = new URL(url).searchParams;
    expect(query.get('config_id')).toBe(SANDBOX_FACEBOOK_CONFIG_ID);
    expect(query.has('scope')).toBe(false);
    // The own Page comes from /me/accounts and again as a client Page of the business: kept once.
    expect(handles(exchange)).toEqual(['Acme Bakery', 'Acme Catering']);
    const business = exchange.kind === 'connected' ? exchange.profiles[1] : undefined;
    const target = {
      account: { platformAccountId: business?.platformAccountId ?? '', handle: 'Acme Catering' },
      credentials: business?.credentials ?? {},
    };
    const run = await runSteps(gateway, aJob(target as never, 'From the business Page', []), t.h.clock);
    expect(run.outcome.kind).toBe('published');
    // The Page token of a business Page is renewed through the same listing.
    expect(
      await gateway.refreshCredentials(target.account as never, business?.credentials ?? {}),
    ).toMatchObject({ expiresAt: null });
  });

  it('an unknown configuration id is refused by the dialog', async () => {
    const url = gatewayWith({ configId: '999999999' }).authorizeUrl({
      state: 's',
      redirectUri: REDIRECT_URI,
      codeVerifier: 'v'.repeat(43),
    });
    const page = await fetch(url);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('is not a Facebook Login for Business configuration');
  });

  it('refuses a grant without a permission publishing needs, naming it', async () => {
    const { exchange } = await connect({ scopes: ['pages_show_list'] });
    expect(exchange).toEqual({
      kind: 'refused',
      reason: expect.stringContaining('pages_manage_posts, pages_read_engagement'),
      missingScopes: ['pages_manage_posts', 'pages_read_engagement'],
    });
  });

  it('a configuration without a permission publishing needs is refused by name', async () => {
    t.h.sandbox.control.setFacebookConfiguration('200000000000002', [
      'pages_show_list',
      'pages_read_engagement',
    ]);
    const { exchange } = await connect({ configId: '200000000000002' });
    expect(exchange).toMatchObject({ kind: 'refused', missingScopes: ['pages_manage_posts'] });
  });
});
