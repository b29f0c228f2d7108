import type { PublishJob, PublishMedia, PublishStep } from '@svc/core';
import type { SandboxPlatform } from '@svc/sandbox';
import { expect } from 'vitest';
import { runSteps } from './run-steps.js';
import {
  aJob,
  approveConsent,
  REDIRECT_URI,
  type SandboxAccount,
  type SandboxHarness,
  type SandboxTest,
} from './sandbox-harness.js';

export { REDIRECT_URI } from './sandbox-harness.js';

/**
 * Connects `handle` as a person would: the gateway's authorize URL, the sandbox consent page, the
 * code exchange. Meta takes no PKCE, so the verifier is a dummy.
 */
export async function connectThroughConsent({ gateway }: SandboxTest, handle: string) {
  const url = gateway.authorizeUrl({ state: 'state-1', redirectUri: REDIRECT_URI, codeVerifier: 'not-used' });
  const { code, state } = await approveConsent(url, handle);
  expect(state).toBe('state-1');
  const exchange = await gateway.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: 'not-used' });
  return { url, code, exchange };
}

/**
 * A post the platform refuses fails with the platform's reason, and a transient failure of the
 * publish call is retried (after the clock passes the wait asked for) into exactly one post.
 */
export async function expectRefusalAndTransientRetry(
  { h, gateway }: SandboxTest,
  target: SandboxAccount,
  media: readonly PublishMedia[],
): Promise<void> {
  const platform = target.account.platform as SandboxPlatform;
  const refused = await runSteps(gateway, aJob(target, 'Nope #sandbox-fail', media), h.clock);
  expect(refused.outcome).toEqual({
    kind: 'failed',
    reason: expect.stringContaining('The post was rejected by the sandbox (#sandbox-fail)'),
  });
  const job = aJob(target, 'Flaky #sandbox-transient', media);
  const first = await runSteps(gateway, job, h.clock);
  expect(first.outcome).toMatchObject({ kind: 'retry', afterMs: 30_000 });
  h.clock.advance(30_000);
  const second = await runSteps(gateway, { ...job, post: first.post }, h.clock);
  expectPublishedOnce(h, platform, second.outcome);
}

/**
 * The call `operation` goes through but its answer is lost (the sandbox answers 500 after
 * applying it): the step asks for a retry, and the next run finds the post instead of making a
 * second one.
 */
export async function expectLostAnswerRecovered(
  { h, gateway }: SandboxTest,
  operation: string,
  job: PublishJob,
) {
  const platform = job.account.platform as SandboxPlatform;
  let lost = false;
  h.sandbox.control.intercept((call, phase) => {
    if (call.operation === operation && phase === 'after' && !lost) {
      lost = true;
      throw new Error('connection lost after the call applied');
    }
  });
  const first = await runSteps(gateway, job, h.clock);
  expect(lost).toBe(true);
  expect(first.outcome).toMatchObject({ kind: 'retry' });
  expect(h.sandbox.control.published(platform)).toHaveLength(1);

  const second = await runSteps(gateway, { ...job, post: first.post }, h.clock);
  expectPublishedOnce(h, platform, second.outcome);
}

/**
 * An Instagram or Threads token over a day old refreshes into a new one that works; once the
 * platform refuses the old token as expired, a step asks for a refresh and refreshing it fails.
 */
export async function expectTokenRefresh(
  { h, gateway }: SandboxTest,
  target: SandboxAccount,
  media: readonly PublishMedia[],
) {
  h.clock.advance(25 * 3_600_000);
  const refreshed = await gateway.refreshCredentials(target.account, target.credentials);
  expect(refreshed).toEqual({
    credentials: {
      ...target.credentials,
      accessToken: expect.any(String),
      issuedAt: h.clock.now().toISOString(),
    },
    expiresAt: new Date(h.clock.now().getTime() + 5_184_000_000),
  });
  expect(refreshed?.credentials.accessToken).not.toBe(target.credentials.accessToken);

  h.sandbox.control.expireToken(String(target.credentials.accessToken));
  const expired = await runSteps(gateway, aJob(target, 'Old token', media), h.clock);
  expect(expired.outcome).toEqual({ kind: 'token_expired' });
  expect(await gateway.refreshCredentials(target.account, target.credentials)).toBeNull();

  const fresh = { ...target, credentials: refreshed?.credentials ?? {} };
  const run = await runSteps(gateway, aJob(fresh, 'New token', media), h.clock);
  expectPublishedOnce(h, target.account.platform as SandboxPlatform, run.outcome);
}

/** The platform holds exactly one post, and `outcome` reports it. */
export function expectPublishedOnce(
  h: SandboxHarness,
  platform: SandboxPlatform,
  outcome: PublishStep,
): void {
  const published = h.sandbox.control.published(platform);
  expect(published).toHaveLength(1);
  expect(outcome).toEqual({
    kind: 'published',
    platformPostId: published[0]?.id,
    permalink: published[0]?.permalink,
  });
}
