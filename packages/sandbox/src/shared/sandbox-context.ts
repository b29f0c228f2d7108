import type { MediaDownloader } from './download-media.js';
import type { SandboxSettings, SandboxState } from './sandbox-state.js';

/** What every simulator route needs: configuration, the clock and the shared state. */
export type SandboxContext = {
  /** The server's public base, without a trailing slash. */
  readonly baseUrl: string;
  /** `${baseUrl}/sandbox`, without a trailing slash. */
  readonly sandboxUrl: string;
  readonly secret: string;
  readonly clock: { now(): Date };
  /** How media links are read; null when the simulators do not read them (`fetchMedia: false`). */
  readonly download: MediaDownloader | null;
  readonly refreshMinAgeMs: number;
  /** The redirect URIs registered for the sandbox apps; consent pages send people nowhere else. */
  readonly redirectUris: readonly string[];
  readonly state: SandboxState;
  /** The settings `reset()` restores. */
  readonly defaults: SandboxSettings;
};

/** The sandbox clock's time in milliseconds. */
export function nowOf(ctx: SandboxContext): number {
  return ctx.clock.now().getTime();
}
