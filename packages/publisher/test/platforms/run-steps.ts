import type { PlatformGateway, Post, PublishJob, PublishStep } from '@svc/core';
import type { FakeClock } from '@svc/core/testing';

/** How a run of publish steps ended. */
export type StepRun = {
  /** The first step that was not `progress`. */
  readonly outcome: PublishStep;
  /** The post with the last saved progress, for a later run to resume from. */
  readonly post: Post;
  /** Every step taken, in order. */
  readonly steps: readonly PublishStep[];
};

/**
 * Takes publish steps the way the engine does: saves each `progress` on the post, lets the clock
 * pass `waitMs`, and stops at the first other step (or after `maxSteps`, which a test treats as a
 * failure).
 */
export async function runSteps(
  gateway: PlatformGateway,
  job: PublishJob,
  clock: FakeClock,
  maxSteps = 100,
): Promise<StepRun> {
  let post = job.post;
  const steps: PublishStep[] = [];
  while (steps.length < maxSteps) {
    const step = await gateway.publishStep({ ...job, post });
    steps.push(step);
    if (step.kind !== 'progress') return { outcome: step, post, steps };
    post = { ...post, publishProgress: step.progress };
    if (step.waitMs !== undefined) clock.advance(step.waitMs);
  }
  throw new Error(`no outcome after ${maxSteps} steps: ${JSON.stringify(steps.slice(-3))}`);
}
