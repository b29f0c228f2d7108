import type { Clock, PlatformGateways, SecretBox, Store } from '@svc/core';
import type { PublisherObserver } from './publisher-observer.js';

/** The subset of a pino logger the publisher writes to. Never given tokens or captions. */
export type PublisherLogger = {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
};

/** What the publisher works with; the server builds these with plain factories. */
export type PublisherDeps = {
  readonly store: Store;
  readonly clock: Clock;
  /** Opens the accounts' sealed platform tokens and seals refreshed ones. */
  readonly secretBox: SecretBox;
  readonly gateways: PlatformGateways;
  /** A signed link to a stored asset that platforms can fetch. */
  readonly mediaUrl: (mediaId: string) => string;
  readonly logger: PublisherLogger;
  /** Waits `ms` (tests advance a fake clock instead). Default: a real timer. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1). Default: Math.random. */
  readonly random?: () => number;
  /** Hears what the workers do (the server's metrics). Default: nobody. */
  readonly observer?: PublisherObserver;
};
