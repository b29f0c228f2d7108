import { pause } from './pause.js';

/** Statuses a post never leaves by itself. */
const FINAL_STATUSES: ReadonlySet<string> = new Set(['posted', 'failed']);

/** How long and how often `waitForPost` polls. */
export type WaitForPostOptions = {
  /** Give up after this long (default 10 minutes). */
  readonly timeoutMs?: number;
  /** Stops waiting when aborted; the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** The first pause between two reads (default 1 s); each pause doubles it ... */
  readonly intervalMs?: number;
  /** ... up to this (default 30 s). */
  readonly maxIntervalMs?: number;
};

/** `waitForPost` ran out of time; `post` is the last state it read. */
export class WaitForPostTimeoutError<P> extends Error {
  override readonly name = 'WaitForPostTimeoutError';
  /** The post as last read. */
  readonly post: P;

  constructor(post: P, timeoutMs: number) {
    super(`The post is still not posted or failed after ${timeoutMs} ms.`);
    this.post = post;
  }
}

/**
 * Reads the post until it is `posted` or `failed`, pausing 1 s, 2 s, 4 s … up to 30 s between
 * reads (the publisher works in runs, so faster polling only adds load), and resolves with it.
 */
export async function waitForPost<P extends { readonly status: string }>(
  read: () => Promise<P>,
  options: WaitForPostOptions = {},
): Promise<P> {
  const timeoutMs = options.timeoutMs ?? 600_000;
  const deadline = Date.now() + timeoutMs;
  let wait = options.intervalMs ?? 1_000;
  for (;;) {
    options.signal?.throwIfAborted();
    const post = await read();
    if (FINAL_STATUSES.has(post.status)) return post;
    const left = deadline - Date.now();
    if (left <= 0) throw new WaitForPostTimeoutError(post, timeoutMs);
    await pause(Math.min(wait, left), options.signal);
    wait = Math.min(wait * 2, options.maxIntervalMs ?? 30_000);
  }
}
