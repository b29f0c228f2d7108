import type { PlatformGatewayOptions } from '../shared/platform-gateway-options.js';
import type { StatusPolling } from './poll-step.js';

/** What every Meta gateway is configured with. Links go by the handle (Facebook: the Page id). */
export type MetaGatewayOptions<Hosts> = PlatformGatewayOptions<Hosts> & {
  /** The Graph API version; each platform has its own default. */
  readonly graphVersion?: string;
  /**
   * How often media processing status is read (containers, Facebook reels). Default Meta's
   * cadence: a quick look after 5 s, then once a minute, for at most 5 minutes.
   */
  readonly statusPolling?: Partial<StatusPolling>;
};

/** What the Instagram and Threads gateways are configured with. */
export type ContainerGatewayOptions<Hosts> = MetaGatewayOptions<Hosts> & {
  /** How long a post waits when the daily publishing limit is reached. Default 1 hour. */
  readonly quotaRetryMs?: number;
};
