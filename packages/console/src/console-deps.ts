import type { AgentAccess, CoreDeps, PlatformSetup, SignInLimiter, WebhookSender } from '@svc/core';
import type { SurfaceLogger } from '@svc/web';

/** Where the console reports faults it answers with a generic page. */
export type ConsoleLogger = SurfaceLogger;

/** What the console is built from. */
export type ConsoleDeps = {
  readonly core: CoreDeps;
  /** The public base URL (`SVC_BASE_URL`): the origin forms must come from; https makes cookies Secure. */
  readonly baseUrl: string;
  /** Trust `X-Forwarded-For` for the sign-in limiter's client address. */
  readonly trustProxy: boolean;
  readonly logger: ConsoleLogger;
  /** Checks a webhook endpoint's URL (https, a public address) when a person adds one. */
  readonly webhookSender: Pick<WebhookSender, 'checkUrl'>;
  /** The agents a person approved through OAuth; absent: the Agents page lists none. */
  readonly agents?: AgentAccess;
  /** Sign-in attempts, shared with the OAuth sign-in page so both count against one allowance. */
  readonly signInLimiter: SignInLimiter;
  /** How long a session lasts without use, and at most; defaults 12 hours and 7 days. */
  readonly sessionIdleMs?: number;
  readonly sessionMaxMs?: number;
  /**
   * The platform apps' settings, for the Connections page's set-up findings (offline only: live
   * probes stay with `svc platforms check`); absent: the page shows none.
   */
  readonly platformSetup?: PlatformSetup;
};
