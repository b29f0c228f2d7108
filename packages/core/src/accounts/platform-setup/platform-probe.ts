import type { Platform } from '../../kernel/index.js';

/**
 * What a live probe learnt: the platform answered and agreed (`ok`), answered and refused
 * (`refused`: the settings are wrong), or did not answer (`unreachable`: nothing is known).
 */
export type ProbeOutcome =
  | { readonly kind: 'ok'; readonly message: string }
  | { readonly kind: 'refused'; readonly message: string }
  | { readonly kind: 'unreachable'; readonly message: string };

/** The scopes a token holds, or why they could not be read; `unknown` when the platform cannot tell. */
export type ScopesProbe =
  | { readonly kind: 'scopes'; readonly scopes: readonly string[] }
  | { readonly kind: 'unknown' }
  | Exclude<ProbeOutcome, { kind: 'ok' }>;

/**
 * Live checks of one platform's app, made by the publisher's adapters without posting anything
 * (docs/connections.md, "What `svc platforms check` verifies").
 */
export type PlatformProbe = {
  /** Whether the platform accepts the app's id and secret (an app token, a client-credentials grant…). */
  app(): Promise<ProbeOutcome>;
  /** The scopes a connected account's stored credentials hold. */
  grantedScopes(credentials: Readonly<Record<string, unknown>>): Promise<ScopesProbe>;
};

/** The probes of the platforms that have one (those served live or by the sandbox). */
export type PlatformProbes = Readonly<Partial<Record<Platform, PlatformProbe>>>;

/** A connected account whose token a probe may read. */
export type ProbedAccount = {
  readonly handle: string;
  readonly credentials: Readonly<Record<string, unknown>>;
};
