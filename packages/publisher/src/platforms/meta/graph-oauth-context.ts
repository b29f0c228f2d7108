import type { GraphClient } from './graph-client.js';

/** What the calls of a Meta login (Instagram, Threads, Facebook) are made with. */
export type GraphOAuthContext = {
  readonly graph: GraphClient;
  /** The versioned Graph base, where `/me` and the Page list are read. */
  readonly base: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The configured scopes; undefined for the platform's defaults. */
  readonly scopes: readonly string[] | undefined;
  /** An account's public page, from its handle (Facebook: the Page id). */
  readonly profileUrl: (account: string) => string;
};
