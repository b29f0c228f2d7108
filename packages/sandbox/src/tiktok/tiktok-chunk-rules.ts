const MIB = 1024 * 1024;

/**
 * TikTok's chunk rules (platforms.md 2.2 step 3). "MB" is read as MiB: 5 MB is 5,242,880 bytes.
 * The sandbox also takes at most 60 MB per request body, so its chunks stay below that.
 */
export const TIKTOK_CHUNK_RULES = {
  minChunkBytes: 5 * MIB,
  maxChunkBytes: 64 * MIB,
  /** The last chunk takes the remainder and may grow up to this. */
  maxFinalChunkBytes: 128 * MIB,
  maxChunks: 1000,
  maxVideoBytes: 4 * 1024 * MIB,
} as const;

/** The numbers `video/init` declares for a `FILE_UPLOAD`. */
export type TikTokChunkPlan = {
  readonly videoSize: number;
  readonly chunkSize: number;
  readonly chunkCount: number;
};

const isCount = (n: number) => Number.isSafeInteger(n) && n >= 1;

/** Why a chunk plan breaks TikTok's rules, worded for `invalid_params`; null when it is valid. */
export function chunkPlanProblem(plan: TikTokChunkPlan): string | null {
  const { videoSize, chunkSize, chunkCount } = plan;
  const rules = TIKTOK_CHUNK_RULES;
  if (!isCount(videoSize) || !isCount(chunkSize) || !isCount(chunkCount)) {
    return 'video_size, chunk_size and total_chunk_count must be positive integers.';
  }
  if (videoSize > rules.maxVideoBytes) return `video_size is over the ${rules.maxVideoBytes}-byte maximum.`;
  if (videoSize < rules.minChunkBytes) {
    return chunkSize === videoSize && chunkCount === 1
      ? null
      : `A video under ${rules.minChunkBytes} bytes is uploaded whole: chunk_size must equal video_size ` +
          `(${videoSize}) and total_chunk_count must be 1.`;
  }
  if (chunkSize < rules.minChunkBytes || chunkSize > rules.maxChunkBytes) {
    return `chunk_size must be between ${rules.minChunkBytes} and ${rules.maxChunkBytes} bytes (got ${chunkSize}).`;
  }
  if (chunkSize > videoSize) return `chunk_size (${chunkSize}) cannot exceed video_size (${videoSize}).`;
  const expected = Math.floor(videoSize / chunkSize);
  if (chunkCount !== expected) {
    return `total_chunk_count must be floor(video_size / chunk_size) = ${expected} (got ${chunkCount}).`;
  }
  if (chunkCount > rules.maxChunks)
    return `At most ${rules.maxChunks} chunks are allowed (got ${chunkCount}).`;
  if (chunkCount === 1 && videoSize > rules.maxChunkBytes) {
    return `A video over ${rules.maxChunkBytes} bytes must be uploaded in at least 2 chunks.`;
  }
  const last = videoSize - (chunkCount - 1) * chunkSize;
  if (last > rules.maxFinalChunkBytes) {
    return `The last chunk would hold ${last} bytes, over the ${rules.maxFinalChunkBytes}-byte maximum.`;
  }
  return null;
}

/** The inclusive byte range of chunk `index` (0-based); the last chunk absorbs the remainder. */
export function chunkRange(plan: TikTokChunkPlan, index: number): { first: number; last: number } {
  const first = index * plan.chunkSize;
  const last = index === plan.chunkCount - 1 ? plan.videoSize - 1 : first + plan.chunkSize - 1;
  return { first, last };
}
