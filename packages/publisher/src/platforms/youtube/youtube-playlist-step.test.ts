import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { GoogleClient, GoogleRequest } from './google-client.js';
import { GoogleRequestError } from './google-failure.js';
import { takeYouTubeStep } from './take-youtube-step.js';
import { youtubeProgressSchema } from './youtube-progress.js';
import type { YouTubeStepInput } from './youtube-step-input.js';

const VIDEO_ID = 'Ks7mQ2xV9bA';
const PLAYLIST = 'PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf';
const NOW = new Date('2026-11-29T08:00:00Z');

type Answer = unknown | GoogleRequestError;

/** A GoogleClient answering the JSON calls in order and recording them. */
function answering(...answers: Answer[]): GoogleClient & { readonly calls: GoogleRequest[] } {
  const calls: GoogleRequest[] = [];
  return {
    calls,
    send: () => Promise.reject(new Error('not expected')),
    json<T>(schema: z.ZodType<T>, request: GoogleRequest) {
      calls.push(request);
      const answer = answers.shift();
      if (answer instanceof GoogleRequestError) return Promise.reject(answer);
      return Promise.resolve(schema.parse(answer));
    },
  };
}

const googleError = (status: number, reason: string, message: string) =>
  new GoogleRequestError({ status, reason, domain: null, message, detail: `HTTP ${status}` });

function stepInput(google: GoogleClient, progress: Record<string, unknown> = {}): YouTubeStepInput {
  return {
    google,
    api: 'https://www.googleapis.com',
    blobs: {} as YouTubeStepInput['blobs'],
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
        status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
      },
      notifySubscribers: null,
      thumbnailUrl: null,
      playlistId: PLAYLIST,
    },
    progress: youtubeProgressSchema.parse({
      videoId: VIDEO_ID,
      processedAt: NOW.toISOString(),
      privacyStatus: 'public',
      ...progress,
    }),
    now: NOW,
  };
}

describe('YouTube playlist step', () => {
  it('waits after processing when a playlist follows, instead of publishing', async () => {
    const google = answering({
      items: [{ id: VIDEO_ID, status: { uploadStatus: 'processed', privacyStatus: 'public' } }],
    });
    const input = stepInput(google, { processedAt: undefined, privacyStatus: undefined });
    expect(await takeYouTubeStep(input)).toMatchObject({
      kind: 'progress',
      progress: { videoId: VIDEO_ID, processedAt: NOW.toISOString(), privacyStatus: 'public' },
    });
  });

  // developers.google.com/youtube/v3/docs/playlistItems/insert: POST /youtube/v3/playlistItems
  // ?part=snippet with {snippet: {playlistId, resourceId: {kind: 'youtube#video', videoId}}}.
  it('looks for the video in the playlist, then inserts it with the documented body', async () => {
    const google = answering(
      { items: [] },
      { id: 'UExyQVh0bUVyWmdPZWlLbTRzZ05Pa25Hdk5qYnk5ZWZkZi41NkI0NEY2RDEwNTU3Q0M2' },
    );
    expect(await takeYouTubeStep(stepInput(google))).toMatchObject({
      kind: 'progress',
      progress: { playlist: 'added' },
    });
    expect(google.calls).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: 'https://www.googleapis.com/youtube/v3/playlistItems',
        searchParams: { part: 'id', playlistId: PLAYLIST, videoId: VIDEO_ID },
      }),
      expect.objectContaining({
        method: 'POST',
        url: 'https://www.googleapis.com/youtube/v3/playlistItems',
        searchParams: { part: 'snippet' },
        json: { snippet: { playlistId: PLAYLIST, resourceId: { kind: 'youtube#video', videoId: VIDEO_ID } } },
      }),
    ]);
  });

  it('never inserts twice: a video already in the playlist (a lost answer, a crash) counts as added', async () => {
    const google = answering({ items: [{ id: 'item-1' }] });
    expect(await takeYouTubeStep(stepInput(google))).toMatchObject({ progress: { playlist: 'added' } });
    expect(google.calls.map((c) => c.method)).toEqual(['GET']);
  });

  it('publishes once added, with no warning', async () => {
    expect(await takeYouTubeStep(stepInput(answering(), { playlist: 'added' }))).toEqual({
      kind: 'published',
      platformPostId: VIDEO_ID,
      permalink: `https://www.youtube.com/shorts/${VIDEO_ID}`,
    });
  });

  it('never fails the post: a missing playlist is saved and becomes the published warning', async () => {
    const google = answering({ items: [] }, googleError(404, 'playlistNotFound', 'Playlist not found.'));
    const step = await takeYouTubeStep(stepInput(google));
    expect(step).toMatchObject({ kind: 'progress', progress: { playlist: 'failed' } });
    const progress = (step as { progress: Record<string, unknown> }).progress;
    expect(progress.playlistError).toBe(
      `YouTube did not add the video to playlist ${PLAYLIST}: the playlist does not exist, or this channel cannot see it.`,
    );
    expect(await takeYouTubeStep(stepInput(answering(), progress))).toMatchObject({
      kind: 'published',
      warning: progress.playlistError,
    });
  });

  it('names the missing scope instead of flagging the account for a reconnect', async () => {
    const google = answering(googleError(403, 'insufficientPermissions', 'Insufficient Permission'));
    const step = await takeYouTubeStep(stepInput(google));
    expect(step).toMatchObject({ kind: 'progress', progress: { playlist: 'failed' } });
    expect(JSON.stringify(step)).toContain('youtube.force-ssl');
  });

  it('refreshes a refused token and tries a temporary fault again, then gives up on the playlist only', async () => {
    expect(
      await takeYouTubeStep(stepInput(answering(googleError(401, 'authError', 'Invalid Credentials')))),
    ).toEqual({
      kind: 'token_expired',
    });
    const busy = () => answering(googleError(503, 'backendError', 'Backend Error'));
    expect(await takeYouTubeStep(stepInput(busy()))).toMatchObject({
      kind: 'progress',
      progress: { playlistTries: 1 },
      waitMs: 5000,
    });
    expect(await takeYouTubeStep(stepInput(busy(), { playlistTries: 2 }))).toMatchObject({
      progress: { playlist: 'failed' },
    });
  });
});
