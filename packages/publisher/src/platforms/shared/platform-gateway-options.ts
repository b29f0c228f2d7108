import type { Clock, PlatformFeatures } from '@svc/core';
import type { PlatformLinks } from './platform-links.js';

/** What every platform's gateway is configured with; each adds its own tuning. */
export type PlatformGatewayOptions<Hosts> = {
  /** The app's client id (TikTok: client key). */
  readonly clientId: string;
  readonly clientSecret: string;
  /** Base URLs, which may carry a path (the sandbox's do); `<PLATFORM>_DEFAULT_HOSTS` in production. */
  readonly hosts: Hosts;
  readonly clock: Clock;
  /** OAuth scopes. Default: those publishing needs and those of `features`. */
  readonly scopes?: readonly string[];
  /** The optional features on, which decide the scopes asked for. Default: DEFAULT_PLATFORM_FEATURES. */
  readonly features?: PlatformFeatures;
  /** Where people see accounts and posts. Default: the platform's own site. */
  readonly links?: PlatformLinks;
  /** Time limit of each API call. Default 30 s. */
  readonly timeoutMs?: number;
};
