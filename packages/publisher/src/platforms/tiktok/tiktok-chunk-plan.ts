const MIB = 1024 * 1024;

/** TikTok's chunk rules (platforms.md 2.2 step 3), "MB" read as MiB. */
export const TIKTOK_CHUNK_LIMITS = {
  minChunkBytes: 5 * MIB,
  maxChunkBytes: 64 * MIB,
  maxChunks: 1000,
} as const;

/** The default chunk size: 10 MiB, as postiz uses for large files. */
export const DEFAULT_CHUNK_BYTES = 10 * MIB;

/** How a video is cut: what `video/init` declares. */
export type TikTokChunkPlan = {
  readonly videoSize: number;
  readonly chunkSize: number;
  readonly chunkCount: number;
};

/** Throws unless `bytes` is a chunk size TikTok accepts (5 to 64 MiB). */
export function checkChunkSize(bytes: number): void {
  const { minChunkBytes, maxChunkBytes } = TIKTOK_CHUNK_LIMITS;
  if (!Number.isSafeInteger(bytes) || bytes < minChunkBytes || bytes > maxChunkBytes) {
    throw new Error(
      `TikTok chunkSizeBytes must be an integer from ${minChunkBytes} to ${maxChunkBytes}; got ${bytes}`,
    );
  }
}

/**
 * The chunk plan of a `videoSize`-byte video with chunks of about `preferred` bytes: a video
 * under 5 MiB goes whole; otherwise `total_chunk_count = floor(size / chunk_size)` and the last
 * chunk takes the remainder (so it is under twice a chunk, within the 128 MiB limit). A single
 * chunk never exceeds 64 MiB, and there are never more than 1000.
 */
export function planChunks(videoSize: number, preferred: number): TikTokChunkPlan {
  const { minChunkBytes, maxChunkBytes, maxChunks } = TIKTOK_CHUNK_LIMITS;
  if (videoSize < minChunkBytes) return { videoSize, chunkSize: videoSize, chunkCount: 1 };
  let chunkSize = Math.min(Math.max(preferred, minChunkBytes), maxChunkBytes, videoSize);
  if (Math.floor(videoSize / chunkSize) > maxChunks) chunkSize = Math.ceil(videoSize / maxChunks);
  // One chunk over 64 MiB is not allowed: split such a video in two halves instead.
  if (Math.floor(videoSize / chunkSize) === 1 && videoSize > maxChunkBytes) {
    chunkSize = Math.floor(videoSize / 2);
  }
  return { videoSize, chunkSize, chunkCount: Math.floor(videoSize / chunkSize) };
}

/** The inclusive byte range of chunk `index` (0-based); the last chunk takes the remainder. */
export function chunkRange(
  plan: TikTokChunkPlan,
  index: number,
): { readonly start: number; readonly end: number } {
  const start = index * plan.chunkSize;
  const end = index === plan.chunkCount - 1 ? plan.videoSize - 1 : start + plan.chunkSize - 1;
  return { start, end };
}
