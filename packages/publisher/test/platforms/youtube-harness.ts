import { randomBytes } from 'node:crypto';
import type { PublishJob, PublishMedia } from '@svc/core';
import { createStaticFetcher, type StaticFetcher } from '@svc/core/testing';
import { createYouTubeGateway, type YouTubeGatewayConfig } from '../../src/index.js';
import { aJob, type SandboxAccount, type SandboxHarness, sandboxApp } from './sandbox-harness.js';

/** The protocol's chunk granule, and the chunk size the tests upload with (fast, many chunks). */
export const KIB_256 = 256 * 1024;

/** The shape of a stored Short: a vertical 30-second MP4. */
export const SHORT = { contentType: 'video/mp4', width: 1080, height: 1920, durationMs: 30_000 };

/** A gateway configuration on the harness's simulator: 256 KiB chunks, sandbox links, a static fetcher. */
export function youtubeConfig(
  h: SandboxHarness,
  fetcher: StaticFetcher,
  overrides: Partial<YouTubeGatewayConfig> = {},
): YouTubeGatewayConfig {
  return {
    ...sandboxApp(h, 'youtube'),
    blobs: h.blobs,
    fetcher,
    chunkSizeBytes: KIB_256,
    timeoutMs: 5_000,
    ...overrides,
  };
}

/** The static fetcher each test's gateway downloads thumbnails through. */
export const youtubeFetchers = new WeakMap<SandboxHarness, StaticFetcher>();

/** Builds the gateway of a test, remembering its fetcher for `fetcherOf`. */
export function makeYouTubeGateway(h: SandboxHarness) {
  const fetcher = createStaticFetcher();
  youtubeFetchers.set(h, fetcher);
  return createYouTubeGateway(youtubeConfig(h, fetcher));
}

/** The fetcher of the harness's gateway. */
export function fetcherOf(h: SandboxHarness): StaticFetcher {
  const fetcher = youtubeFetchers.get(h);
  if (fetcher === undefined) throw new Error('no YouTube gateway was made on this harness');
  return fetcher;
}

/** `size` random bytes stored as a Short (or another shape). */
export function storedShort(
  h: SandboxHarness,
  size: number,
  shape: Partial<{ width: number; height: number; durationMs: number | null }> = {},
): Promise<PublishMedia & { readonly bytes: Buffer }> {
  // Random, so two videos never share a blob.
  const bytes = randomBytes(size);
  return h.stored(bytes, { ...SHORT, ...shape }).then((media) => ({ ...media, bytes }));
}

/** A job publishing `media` as a Short titled `title` (the caption becomes the description). */
export function aShortJob(
  target: SandboxAccount,
  title: string | null,
  media: readonly PublishMedia[],
  platformMeta: PublishJob['post']['platformMeta'] = null,
  caption = 'Made with the sandbox',
): PublishJob {
  const job = aJob(target, caption, media, platformMeta);
  return { ...job, post: { ...job.post, title } };
}
