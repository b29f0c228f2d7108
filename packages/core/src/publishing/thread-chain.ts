import type { PublishProgress, ThreadPartState } from '../posts/index.js';
import { THREAD_PROGRESS_KEY, threadStatesOf } from '../posts/index.js';
import type { PublishStep } from './publish-step.js';

/**
 * Tries of a part that failed for a passing reason (rate limit, 5xx, an expired token) before it
 * is given up as failed: the post is live, so its chain never holds it back for long.
 */
export const THREAD_PART_MAX_TRIES = 3;

/** The next part of a chain to take a step of: its index, the id it replies to and its own handles. */
export type NextThreadPart = {
  readonly index: number;
  readonly replyToId: string;
  readonly progress: PublishProgress;
};

/**
 * The first part still pending, replying to the part before it (the post itself for the first),
 * or null when every part is settled. Parts go strictly in order: a part starts only once the one
 * before it is posted, so the chain reads top to bottom.
 */
export function nextThreadPart(
  progress: PublishProgress | null,
  parts: number,
  rootId: string,
): NextThreadPart | null {
  const states = threadStatesOf(progress, parts);
  const index = states.findIndex((state) => state.status === 'pending');
  if (index < 0) return null;
  const before = index === 0 ? rootId : states[index - 1]?.id;
  return { index, replyToId: before ?? rootId, progress: states[index]?.step ?? {} };
}

/**
 * The post's step after a step of part `index`: the part's handles saved; posted with its id; or,
 * when it failed for good, failed and every later part skipped (a reply to a part that is not
 * there would break the chain's order). Passing failures are tried again after the platform's
 * wait, up to `THREAD_PART_MAX_TRIES`. Whatever happens, the post stays published.
 */
export function afterThreadPartStep(
  progress: PublishProgress | null,
  parts: number,
  index: number,
  step: PublishStep,
  now: Date,
): PublishStep {
  const states = threadStatesOf(progress, parts);
  const state = states[index];
  if (state === undefined) return { kind: 'progress', progress: progress ?? {} };
  const save = (next: ThreadPartState, waitMs?: number): PublishStep => {
    const updated = states.map((s, i) => (i === index ? next : s));
    if (next.status === 'failed') {
      for (let later = index + 1; later < updated.length; later += 1) {
        updated[later] = {
          ...(updated[later] as ThreadPartState),
          status: 'skipped',
          error: `Part ${index + 1} was not published, so the chain stops there.`,
        };
      }
    }
    return {
      kind: 'progress',
      progress: { ...(progress ?? {}), [THREAD_PROGRESS_KEY]: updated },
      ...(waitMs === undefined || waitMs <= 0 ? {} : { waitMs }),
    };
  };
  const failed = (reason: string) => save({ ...state, status: 'failed', error: reason });
  const again = (reason: string, waitMs: number) => {
    const tries = state.tries + 1;
    if (tries >= THREAD_PART_MAX_TRIES) return failed(`${reason} (gave up after ${tries} tries)`);
    return save({ ...state, tries }, waitMs);
  };
  switch (step.kind) {
    case 'progress':
      return save({ ...state, step: step.progress }, step.waitMs);
    case 'published':
      return save({
        ...state,
        status: 'posted',
        id: step.platformPostId,
        permalink: step.permalink,
        error: null,
      });
    case 'failed':
    case 'needs_reconnect':
      return failed(step.reason);
    case 'retry':
      return again(step.reason, step.afterMs);
    case 'defer':
      return again(step.reason, step.until.getTime() - now.getTime());
    case 'token_expired':
      return again('Threads refused the access token as expired.', 0);
  }
}
