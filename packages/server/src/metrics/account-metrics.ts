import type { AccountStore, Platform, PlatformGateway, PlatformGateways } from '@svc/core';
import type { Registry } from 'prom-client';
import { metricMaker } from './metric-maker.js';

/** What a token refresh call came to: new tokens, refused for good (reconnect), or a fault. */
export type TokenRefreshResult = 'refreshed' | 'refused' | 'error';

/**
 * Token refreshes and reconnects, counted where every caller meets them: at the platform
 * gateways' `refreshCredentials` (the publisher, the sweeps, the collector, the API's posting
 * options all refresh through it) and at the account store, where an account is first marked
 * `needs_reconnect` with its journal event. Nothing in core or the engines has to report them.
 */
export type AccountMetrics = {
  /** The gateways, each counting its refresh calls by result. */
  gateways(gateways: PlatformGateways): PlatformGateways;
  /** The account store, counting accounts newly marked for a reconnect. */
  accounts(store: AccountStore): AccountStore;
};

/** Registers the counters and answers the wrappers that feed them. */
export function accountMetrics(registry: Registry): AccountMetrics {
  const make = metricMaker(registry);
  const refreshes = make.counter(
    'svc_token_refreshes_total',
    'Platform token refresh calls, by platform and result (refreshed, refused, error).',
    ['platform', 'result'],
  );
  const reconnects = make.counter(
    'svc_account_reconnects_total',
    'Accounts newly marked as needing a reconnect (the platform refused their tokens), by platform.',
    ['platform'],
  );
  const counted = (gateway: PlatformGateway): PlatformGateway => ({
    ...gateway,
    async refreshCredentials(account, credentials) {
      const count = (result: TokenRefreshResult) => refreshes.inc({ platform: gateway.platform, result });
      try {
        const fresh = await gateway.refreshCredentials(account, credentials);
        count(fresh === null ? 'refused' : 'refreshed');
        return fresh;
      } catch (error) {
        count('error');
        throw error;
      }
    },
  });
  return {
    gateways(gateways) {
      const wrapped: Partial<Record<Platform, PlatformGateway>> = {};
      for (const [platform, gateway] of Object.entries(gateways) as [Platform, PlatformGateway][]) {
        wrapped[platform] = counted(gateway);
      }
      return wrapped;
    },
    accounts(store) {
      return {
        ...store,
        async saveAccount(account, events) {
          const saved = await store.saveAccount(account, events);
          // markedNeedsReconnect writes the event only on the first refusal: one count per reconnect.
          if (events?.some((e) => e.type === 'account.needs_reconnect')) {
            reconnects.inc({ platform: account.platform });
          }
          return saved;
        },
      };
    },
  };
}
