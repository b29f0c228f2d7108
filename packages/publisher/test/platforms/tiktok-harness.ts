import type { PlatformGateway, PublishJob, PublishMedia } from '@svc/core';
import type { SandboxCall } from '@svc/sandbox';
import { expect } from 'vitest';
import { createTikTokGateway, type TikTokGatewayConfig } from '../../src/index.js';
import { aJob, type SandboxAccount, type SandboxHarness, sandboxApp, sha256 } from './sandbox-harness.js';

/** A mebibyte. */
export const MIB = 1024 * 1024;
/** `platformMeta` of a public TikTok post. */
export const PUBLIC = { tiktok: { privacyLevel: 'PUBLIC_TO_EVERYONE' } };

/** The gateway on the sandbox, with 5 MiB chunks (TikTok's smallest) so tests stay small. */
export function tiktokConfig(
  h: SandboxHarness,
  overrides: Partial<TikTokGatewayConfig> = {},
): TikTokGatewayConfig {
  return {
    ...sandboxApp(h, 'tiktok'),
    blobs: h.blobs,
    chunkSizeBytes: 5 * MIB,
    ...overrides,
  };
}

/** A gateway on the harness's simulator; a second one on the same harness acts as after a restart. */
export function makeTikTokGateway(h: SandboxHarness, overrides: Partial<TikTokGatewayConfig> = {}) {
  return createTikTokGateway(tiktokConfig(h, overrides));
}

/** Distinct bytes, so a chunk sent twice or at the wrong place would change the hash. */
export function videoBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i + 4 <= size; i += 1024) bytes.writeUInt32BE(i, i);
  bytes[size - 1] = 0x5a;
  return bytes;
}

/** A video of `size` patterned bytes in the harness's storage. */
export async function storedVideo(h: SandboxHarness, size: number, durationMs = 15_000) {
  const bytes = videoBytes(size);
  const media = await h.stored(bytes, { contentType: 'video/mp4', width: 1080, height: 1920, durationMs });
  return { bytes, media };
}

/** A publish job of one video slide. */
export function videoJob(
  target: SandboxAccount,
  caption: string,
  media: PublishMedia,
  meta = PUBLIC,
): PublishJob {
  return aJob(target, caption, [media], meta);
}

/** Records the operations of the calls the sandbox receives. */
export function recordCalls(h: SandboxHarness): string[] {
  const calls: string[] = [];
  h.sandbox.control.intercept((call: SandboxCall, phase) => {
    if (phase === 'before') calls.push(call.operation);
  });
  return calls;
}

/** Loses the answer of the `nth` call of `operation`: TikTok applied it, we see a 500. */
export function loseAnswer(
  h: SandboxHarness,
  operation: string,
  nth: number,
  calls: string[] = [],
): string[] {
  let seen = 0;
  h.sandbox.control.intercept((call: SandboxCall, phase) => {
    if (phase === 'before') calls.push(call.operation);
    if (call.operation === operation && phase === 'after' && ++seen === nth) throw new Error('answer lost');
  });
  return calls;
}

/** The simulator holds exactly one TikTok post, `outcome` reports it, and it got exactly `bytes`. */
export function expectOnePost(h: SandboxHarness, outcome: unknown, bytes?: Buffer) {
  const published = h.sandbox.control.published('tiktok');
  expect(published).toHaveLength(1);
  expect(outcome).toEqual({
    kind: 'published',
    platformPostId: published[0]?.id,
    permalink: published[0]?.permalink,
  });
  if (bytes !== undefined)
    expect(published[0]?.upload).toEqual({ sizeBytes: bytes.length, sha256: sha256(bytes) });
  return published[0];
}

/** Takes `count` steps that must all be progress, as the engine would, and returns the post. */
export async function takeSteps(
  gateway: PlatformGateway,
  job: PublishJob,
  count: number,
): Promise<PublishJob['post']> {
  let post = job.post;
  for (let i = 0; i < count; i++) {
    const step = await gateway.publishStep({ ...job, post });
    if (step.kind !== 'progress') throw new Error(`unexpected ${step.kind}: ${JSON.stringify(step)}`);
    post = { ...post, publishProgress: step.progress };
  }
  return post;
}
