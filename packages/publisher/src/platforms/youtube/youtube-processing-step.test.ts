import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fixtureReader } from '../shared/__fixtures__/fixture-reader.js';
import type { GoogleClient, GoogleRequest } from './google-client.js';
import { takeYouTubeStep } from './take-youtube-step.js';
import type { YouTubePrivacy } from './to-youtube-request.js';
import { youtubeProgressSchema } from './youtube-progress.js';
import type { YouTubeStepInput } from './youtube-step-input.js';

const fixture = fixtureReader(import.meta.dirname);
const VIDEO_ID = 'Ks7mQ2xV9bA';
const NOW = new Date('2026-11-29T08:00:00Z');

/** A GoogleClient that answers every JSON call with `answer` and records the calls. */
function answering(answer: unknown): GoogleClient & { readonly calls: GoogleRequest[] } {
  const calls: GoogleRequest[] = [];
  return {
    calls,
    send: () => Promise.reject(new Error('not expected')),
    json<T>(schema: z.ZodType<T>, request: GoogleRequest) {
      calls.push(request);
      return Promise.resolve(schema.parse(answer));
    },
  };
}

function stepInput(
  google: GoogleClient,
  asked: YouTubePrivacy,
  progress: Record<string, unknown>,
  thumbnailUrl: string | null = null,
): YouTubeStepInput {
  return {
    google,
    api: 'https://www.googleapis.com',
    blobs: { size: () => Promise.resolve(null) } as unknown as YouTubeStepInput['blobs'],
    fetcher: {} as YouTubeStepInput['fetcher'],
    chunkSizeBytes: 256 * 1024,
    chunkTimeoutMs: 1000,
    videoUrl: (id) => `https://www.youtube.com/shorts/${id}`,
    accessToken: 'ya29.token',
    upload: {
      blobKey: 'b'.repeat(64),
      contentType: 'video/mp4',
      resource: {
        snippet: { title: 'A Short', description: '', categoryId: '22' },
        status: { privacyStatus: asked, selfDeclaredMadeForKids: false },
      },
      notifySubscribers: null,
      thumbnailUrl,
      playlistId: null,
    },
    progress: youtubeProgressSchema.parse({ videoId: VIDEO_ID, ...progress }),
    now: NOW,
  };
}

describe('YouTube processing step: the privacy YouTube gave the video', () => {
  // developers.google.com/youtube/v3/docs/videos: "All videos uploaded via the videos.insert
  // endpoint from unverified API projects created after 28 July 2020 will be restricted to private
  // viewing mode. To lift this restriction, each API project must undergo an audit to verify
  // compliance with the Terms of Service." The fixture is that resource, processed and private.
  it('publishes an upload locked to private with a warning naming the audit', async () => {
    const google = answering(fixture('videos-processed-locked-private.json'));
    const step = await takeYouTubeStep(stepInput(google, 'public', {}));
    expect(step).toEqual({
      kind: 'published',
      platformPostId: VIDEO_ID,
      permalink: `https://www.youtube.com/shorts/${VIDEO_ID}`,
      warning: expect.stringContaining('YouTube published the video as private, not public as asked.'),
    });
    expect(step.kind === 'published' && step.warning).toContain(
      'YouTube API Services audit and quota extension form',
    );
    expect(google.calls[0]?.searchParams).toEqual({ part: 'status,processingDetails', id: VIDEO_ID });
  });

  it('publishes without a warning when the privacy is the one asked', async () => {
    const locked = answering(fixture('videos-processed-locked-private.json'));
    expect(await takeYouTubeStep(stepInput(locked, 'private', {}))).not.toHaveProperty('warning');
    const open = answering(fixture('videos-processed.json'));
    expect(await takeYouTubeStep(stepInput(open, 'public', {}))).not.toHaveProperty('warning');
  });

  it('keeps the privacy through the thumbnail step and warns when the publish ends', async () => {
    const google = answering(fixture('videos-processed-locked-private.json'));
    const processed = await takeYouTubeStep(
      stepInput(google, 'unlisted', {}, 'https://media.example/thumb.jpg'),
    );
    expect(processed).toMatchObject({ kind: 'progress', progress: { privacyStatus: 'private' } });
    const progress = processed.kind === 'progress' ? processed.progress : {};
    const done = await takeYouTubeStep(
      stepInput(google, 'unlisted', { ...progress, thumbnail: 'set' }, 'https://media.example/thumb.jpg'),
    );
    expect(done).toMatchObject({
      kind: 'published',
      warning: expect.stringContaining('as private, not unlisted as asked'),
    });
  });

  it('reads a video still processing again later each time', async () => {
    const google = answering(fixture('videos-processing.json'));
    const first = await takeYouTubeStep(stepInput(google, 'public', {}));
    expect(first).toEqual({
      kind: 'progress',
      progress: expect.objectContaining({ firstPolledAt: NOW.toISOString(), polls: 1 }),
      waitMs: 5_000,
    });
    const fourth = await takeYouTubeStep(
      stepInput(google, 'public', {
        firstPolledAt: new Date(NOW.getTime() - 35_000).toISOString(),
        polls: 3,
      }),
    );
    expect(fourth).toMatchObject({ kind: 'progress', progress: { polls: 4 }, waitMs: 40_000 });
    const late = await takeYouTubeStep(
      stepInput(google, 'public', {
        firstPolledAt: new Date(NOW.getTime() - 30 * 60_000).toISOString(),
        polls: 19,
      }),
    );
    expect(late).toMatchObject({ kind: 'failed', reason: expect.stringContaining('after 30 minutes') });
  });
});
