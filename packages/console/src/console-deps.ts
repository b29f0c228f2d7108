import type {
  AgentAccess,
  Mailer,
  PlatformSetup,
  SignInLimiter,
  SingleSignOnRules,
  WebhookSender,
} from '@svc/core';
import type { OidcSignOn, SurfaceDeps, SurfaceLogger } from '@svc/web';

/** Where the console reports faults it answers with a generic page. */
export type ConsoleLogger = SurfaceLogger;

/**
 * What the console is built from: a surface's parts (the base URL is the origin forms must come
 * from, and https makes cookies Secure; a trusted proxy's `X-Forwarded-For` is the sign-in
 * limiter's client address), and its own.
 */
export type ConsoleDeps = SurfaceDeps<ConsoleLogger> & {
  /** Checks a webhook endpoint's URL (https, a public address) when a person adds one. */
  readonly webhookSender: Pick<WebhookSender, 'checkUrl'>;
  /**
   * Sends invitation e-mails (`SVC_SMTP_URL`); null or absent: the Members page shows the inviter
   * the link to pass on (docs/teams.md, "Invitations").
   */
  readonly mailer?: Mailer | null;
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
  /**
   * Single sign-on through an OpenID Connect provider (`SVC_OIDC_*`) and the operator's rules for
   * it; absent: the sign-in page has no "Sign in with" button (docs/security.md, "Single sign-on").
   */
  readonly singleSignOn?: { readonly signOn: OidcSignOn; readonly rules: SingleSignOnRules };
};
