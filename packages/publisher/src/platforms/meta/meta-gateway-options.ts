import type { PlatformGatewayOptions } from '../shared/platform-gateway-options.js';

/** What every Meta gateway is configured with. Links go by the handle (Facebook: the Page id). */
export type MetaGatewayOptions<Hosts> = PlatformGatewayOptions<Hosts> & {
  /** The Graph API version; each platform has its own default. */
  readonly graphVersion?: string;
};

/** What the Instagram and Threads gateways are configured with. */
export type ContainerGatewayOptions<Hosts> = MetaGatewayOptions<Hosts> & {
  /** How long a post waits when the daily publishing limit is reached. Default 1 hour. */
  readonly quotaRetryMs?: number;
};
