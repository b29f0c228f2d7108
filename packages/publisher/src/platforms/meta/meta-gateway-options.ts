import type { Clock } from '@svc/core';
import type { MetaAppConfig } from './meta-app-config.js';

/** What every Meta gateway is configured with besides its hosts. */
export type MetaGatewayOptions = MetaAppConfig & {
  /** The Graph API version; each platform has its own default. */
  readonly graphVersion?: string;
  readonly clock: Clock;
  /** OAuth scopes. Default: those publishing needs. */
  readonly scopes?: readonly string[];
  /**
   * An account's public page, from the Instagram or Threads handle or the Facebook Page id.
   * Default: the platform's own site.
   */
  readonly profileUrl?: (handleOrPageId: string) => string;
  /** Time limit of each API call. Default 30 s. */
  readonly timeoutMs?: number;
};

/** What the Instagram and Threads gateways are configured with besides their hosts. */
export type ContainerGatewayOptions = MetaGatewayOptions & {
  /** How long a post waits when the daily publishing limit is reached. Default 1 hour. */
  readonly quotaRetryMs?: number;
};
