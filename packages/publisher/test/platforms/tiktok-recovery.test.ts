import type { SandboxCall } from '@svc/sandbox';
import { describe, expect, it } from 'vitest';
import { runSteps } from './run-steps.js';
import { aJob, useSandbox } from './sandbox-harness.js';
import {
  expectOnePost,
  loseAnswer,
  MIB,
  makeTikTokGateway,
  PUBLIC,
  recordCalls,
  storedVideo,
  takeSteps,
  videoJob,
} from './tiktok-harness.js';

// Lost answers and restarts: every scenario ends with exactly one post holding the right bytes.
const t = useSandbox(makeTikTokGateway);

describe('TikTok gateway: photo posts whose answer was lost', () => {
  it('adopts the post of a content/init whose answer was lost instead of sending it again', async () => {
    const { h, gateway } = t;
    const calls = loseAnswer(h, 'tiktok.content_init', 1);
    const target = h.account('tiktok', 'bea_shop');
    const job = aJob(target, 'Sent once', [h.image(), h.image()], PUBLIC);
    const first = await runSteps(gateway, job, h.clock);
    expect(first.outcome).toMatchObject({ kind: 'retry' });
    h.clock.advance(30_000);
    const fresh = makeTikTokGateway(h); // as after a restart
    const second = await runSteps(fresh, { ...job, post: first.post }, h.clock);
    expectOnePost(h, second.outcome);
    expect(calls.filter((c) => c === 'tiktok.content_init')).toHaveLength(1);
    expect(calls).toContain('tiktok.video_list');
  });

  it('sends again after the grace window when the lost send never arrived', async () => {
    const { h, gateway } = t;
    let refused = false;
    h.sandbox.control.intercept((call: SandboxCall, phase) => {
      if (call.operation === 'tiktok.content_init' && phase === 'before' && !refused) {
        refused = true;
        throw new Error('connection reset before TikTok saw it');
      }
    });
    const target = h.account('tiktok', 'bea_shop');
    const job = aJob(target, 'Second try', [h.image()], PUBLIC);
    const first = await runSteps(gateway, job, h.clock);
    expect(first.outcome.kind).toBe('retry');
    const second = await runSteps(gateway, { ...job, post: first.post }, h.clock);
    expectOnePost(h, second.outcome);
    const waits = second.steps.filter((s) => s.kind === 'progress' && s.waitMs === 30_000);
    expect(waits.length).toBeGreaterThanOrEqual(19);
  });

  it('sends again after a shorter configured wait, looking at least four times first', async () => {
    const { h } = t;
    const gateway = makeTikTokGateway(h, { photoResendAfterMs: 40_000 });
    // One interceptor at a time: it records the calls and cuts the first init before TikTok sees it.
    const calls: string[] = [];
    h.sandbox.control.intercept((call: SandboxCall, phase) => {
      if (phase !== 'before') return;
      calls.push(call.operation);
      if (
        call.operation === 'tiktok.content_init' &&
        calls.indexOf('tiktok.content_init') === calls.length - 1
      ) {
        throw new Error('connection reset before TikTok saw it');
      }
    });
    const job = aJob(h.account('tiktok', 'bea_shop'), 'Sooner', [h.image()], PUBLIC);
    const first = await runSteps(gateway, job, h.clock);
    const startedAt = h.clock.now().getTime();
    const second = await runSteps(gateway, { ...job, post: first.post }, h.clock);
    expectOnePost(h, second.outcome);
    // 40 s / 4 between looks (instead of 30 s), then the new send and its status reads.
    const looks = second.steps.filter((s) => s.kind === 'progress' && s.waitMs === 10_000);
    expect(looks.length).toBeGreaterThanOrEqual(4);
    expect(second.steps.some((s) => s.kind === 'progress' && s.waitMs === 30_000)).toBe(false);
    expect(calls.filter((c) => c === 'tiktok.video_list').length).toBeGreaterThanOrEqual(4);
    expect(h.clock.now().getTime() - startedAt).toBeLessThan(60_000);
  });
});

describe('TikTok gateway: crash recovery', () => {
  it('resumes from uploaded_bytes when a chunk arrived but its answer was lost', async () => {
    const { h, gateway } = t;
    const calls = loseAnswer(h, 'tiktok.upload_chunk', 2);
    const { bytes, media } = await storedVideo(h, 15 * MIB + 3);
    const job = videoJob(h.account('tiktok', 'bea_shop'), 'Crash mid-upload', media);
    const first = await runSteps(gateway, job, h.clock);
    expect(first.outcome).toMatchObject({ kind: 'retry' });
    expect(first.post.publishProgress).toMatchObject({ nextByte: 5 * MIB });
    h.clock.advance(30_000);
    const second = await runSteps(gateway, { ...job, post: first.post }, h.clock);
    expectOnePost(h, second.outcome, bytes);
    // Chunk 2 was not sent again: status/fetch said it had arrived.
    expect(calls.filter((c) => c === 'tiktok.upload_chunk')).toHaveLength(3);
    expect(calls.filter((c) => c === 'tiktok.video_init')).toHaveLength(1);
    expect(second.steps[0]).toMatchObject({ kind: 'progress', progress: { nextByte: 10 * MIB } });
  });

  it('after a restart right after the final chunk, only polls: exactly one post', async () => {
    const { h, gateway } = t;
    const calls = loseAnswer(h, 'tiktok.upload_chunk', 2);
    const { bytes, media } = await storedVideo(h, 10 * MIB + 1);
    const job = videoJob(h.account('tiktok', 'bea_shop'), 'Crash at the end', media);
    const first = await runSteps(gateway, job, h.clock);
    expect(first.outcome.kind).toBe('retry');
    expect(first.post.publishProgress).toMatchObject({ publishStartedAt: expect.any(String) });
    const restarted = makeTikTokGateway(h);
    const second = await runSteps(restarted, { ...job, post: first.post }, h.clock);
    expectOnePost(h, second.outcome, bytes);
    expect(calls.filter((c) => c === 'tiktok.upload_chunk')).toHaveLength(2);
    expect(calls.filter((c) => c === 'tiktok.video_init')).toHaveLength(1);
  });

  it('starts a new publish when the upload URL expired before the final chunk', async () => {
    const { h, gateway } = t;
    const calls = recordCalls(h);
    const { bytes, media } = await storedVideo(h, 10 * MIB + 1);
    const job = videoJob(h.account('tiktok', 'bea_shop'), 'Slow upload', media);
    const post = await takeSteps(gateway, job, 3); // creator_info, init, first chunk
    expect(post.publishProgress).toMatchObject({ nextByte: 5 * MIB });
    h.clock.advance(56 * 60_000);
    const run = await runSteps(makeTikTokGateway(h), { ...job, post }, h.clock);
    expectOnePost(h, run.outcome, bytes);
    expect(calls.filter((c) => c === 'tiktok.video_init')).toHaveLength(2);
  });
});
