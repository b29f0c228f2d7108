import { describe, expect, it } from 'vitest';
import { checkChunkSize, chunkRange, planChunks, type TikTokChunkPlan } from './tiktok-chunk-plan.js';

const MIB = 1024 * 1024;

/** Every rule of platforms.md 2.2 step 3, checked independently of how the plan was made. */
function expectValid(plan: TikTokChunkPlan): void {
  const { videoSize, chunkSize, chunkCount } = plan;
  if (videoSize < 5 * MIB) {
    expect(plan).toEqual({ videoSize, chunkSize: videoSize, chunkCount: 1 });
    return;
  }
  expect(chunkSize).toBeGreaterThanOrEqual(5 * MIB);
  expect(chunkSize).toBeLessThanOrEqual(64 * MIB);
  expect(chunkCount).toBe(Math.floor(videoSize / chunkSize));
  expect(chunkCount).toBeGreaterThanOrEqual(1);
  expect(chunkCount).toBeLessThanOrEqual(1000);
  const last = chunkRange(plan, chunkCount - 1);
  expect(last.end).toBe(videoSize - 1);
  expect(last.end - last.start + 1).toBeLessThanOrEqual(chunkCount === 1 ? 64 * MIB : 128 * MIB);
}

describe('planChunks', () => {
  it.each([
    ['a tiny video whole', 1_000, 10 * MIB, { chunkSize: 1_000, chunkCount: 1 }],
    ['just under 5 MiB whole', 5 * MIB - 1, 10 * MIB, { chunkSize: 5 * MIB - 1, chunkCount: 1 }],
    ['exactly 5 MiB in one chunk', 5 * MIB, 5 * MIB, { chunkSize: 5 * MIB, chunkCount: 1 }],
    [
      '5 MiB + 1 in one chunk holding the extra byte',
      5 * MIB + 1,
      5 * MIB,
      { chunkSize: 5 * MIB, chunkCount: 1 },
    ],
    ['7 MiB with 10 MiB chunks in one', 7 * MIB, 10 * MIB, { chunkSize: 7 * MIB, chunkCount: 1 }],
    ['10 MiB + 1 in two', 10 * MIB + 1, 5 * MIB, { chunkSize: 5 * MIB, chunkCount: 2 }],
    ['45 MiB with the default 10 MiB', 45 * MIB, 10 * MIB, { chunkSize: 10 * MIB, chunkCount: 4 }],
    ['100 MiB with 64 MiB chunks in two halves', 100 * MIB, 64 * MIB, { chunkSize: 50 * MIB, chunkCount: 2 }],
    ['10 GiB in at most 1000 chunks', 10 * 1024 * MIB, 5 * MIB, { chunkCount: 999 }],
  ])('%s', (_what, size, preferred, expected) => {
    const plan = planChunks(size, preferred);
    expect(plan).toMatchObject(expected);
    expectValid(plan);
  });

  it('keeps every rule for sizes around the boundaries', () => {
    for (const size of [
      1,
      5 * MIB - 1,
      5 * MIB,
      5 * MIB + 1,
      64 * MIB,
      64 * MIB + 1,
      129 * MIB,
      4 * 1024 * MIB,
    ]) {
      for (const preferred of [5 * MIB, 10 * MIB, 64 * MIB]) expectValid(planChunks(size, preferred));
    }
  });

  it('cuts chunks back to back, the last one to the end', () => {
    const plan = planChunks(10 * MIB + 1, 5 * MIB);
    expect([chunkRange(plan, 0), chunkRange(plan, 1)]).toEqual([
      { start: 0, end: 5 * MIB - 1 },
      { start: 5 * MIB, end: 10 * MIB },
    ]);
  });

  it('accepts configured chunk sizes from 5 to 64 MiB only', () => {
    expect(() => checkChunkSize(5 * MIB)).not.toThrow();
    expect(() => checkChunkSize(64 * MIB)).not.toThrow();
    expect(() => checkChunkSize(4 * MIB)).toThrow(/chunkSizeBytes/);
    expect(() => checkChunkSize(65 * MIB)).toThrow(/chunkSizeBytes/);
  });
});
