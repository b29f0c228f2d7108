import { describe, expect, it } from 'vitest';
import { fixtureReader } from '../shared/__fixtures__/fixture-reader.js';
import { refuses, without } from '../shared/__fixtures__/wire-checks.js';
import { expectJson } from './google-client.js';
import {
  channelListSchema,
  googleTokenSchema,
  thumbnailSetSchema,
  videoListSchema,
  videoSchema,
} from './youtube-api.js';

const fixture = fixtureReader(import.meta.dirname);

describe('YouTube wire format', () => {
  it('reads the code exchange with its refresh token, a lifetime of 3599 s, the granted scopes and Bearer', () => {
    expect(googleTokenSchema.parse(fixture('oauth-token.json'))).toEqual({
      access_token: expect.stringMatching(/^ya29\./),
      expires_in: 3599,
      refresh_token: expect.stringMatching(/^1\/\//),
      scope:
        'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
      token_type: 'Bearer',
      refresh_token_expires_in: 604799,
    });
  });

  it('reads a refresh answer, which carries no refresh token', () => {
    const refreshed = googleTokenSchema.parse(fixture('oauth-refresh.json'));
    expect(refreshed).toMatchObject({ access_token: expect.stringMatching(/^ya29\./), expires_in: 3599 });
    expect(refreshed.refresh_token).toBeUndefined();
  });

  it("reads the channel's id, title, @handle, default picture and subscriber count, the count kept as Google's string", () => {
    const [channel] = channelListSchema.parse(fixture('channels-mine.json')).items ?? [];
    expect(channel?.id).toBe('UCa1B2c3D4e5F6g7H8i9J0kL');
    expect(channel?.snippet).toMatchObject({ title: 'Acme Studio', customUrl: '@acmestudio' });
    expect(channel?.snippet?.thumbnails?.default?.url).toMatch(/^https:\/\/yt3\.ggpht\.com\/.*=s88-/);
    expect(channel?.statistics).toMatchObject({ subscriberCount: '12300', hiddenSubscriberCount: false });
  });

  it('reads a channel that hides its subscribers as hidden, with no count', () => {
    const [channel] = channelListSchema.parse(fixture('channels-mine-hidden-subscribers.json')).items ?? [];
    expect(channel?.statistics?.hiddenSubscriberCount).toBe(true);
    expect(channel?.statistics?.subscriberCount).toBeUndefined();
  });

  it('reads an account without a channel (no items at all) as no channel', () => {
    expect(channelListSchema.parse(fixture('channels-none.json')).items).toBeUndefined();
  });

  it('reads the video id and its upload status from the answer to the last upload chunk', () => {
    const answer = { status: 201, headers: {}, body: fixture('video-inserted.json') };
    const video = expectJson(videoSchema, answer, 'the upload session');
    expect(video.id).toBe('Ks7mQ2xV9bA');
    expect(video.status).toMatchObject({ uploadStatus: 'uploaded', privacyStatus: 'private' });
    expect(video.processingDetails).toBeUndefined();
  });

  it('reads a video still processing, a processed one, and a rejected one with its reason', () => {
    const read = (name: string) => videoListSchema.parse(fixture(name)).items?.[0];
    const processing = read('videos-processing.json');
    expect(processing?.status?.uploadStatus).toBe('uploaded');
    expect(processing?.processingDetails?.processingStatus).toBe('processing');
    const processed = read('videos-processed.json');
    expect(processed?.status).toMatchObject({ uploadStatus: 'processed', privacyStatus: 'public' });
    expect(processed?.processingDetails?.processingStatus).toBe('succeeded');
    expect(read('videos-rejected.json')?.status).toMatchObject({
      uploadStatus: 'rejected',
      rejectionReason: 'duplicate',
    });
  });

  it('reads a listing of a video that is gone as no items', () => {
    const gone = {
      kind: 'youtube#videoListResponse',
      items: [],
      pageInfo: { totalResults: 0, resultsPerPage: 0 },
    };
    expect(videoListSchema.parse(gone).items).toEqual([]);
  });

  it('reads the thumbnail answer with its sizes', () => {
    expect(thumbnailSetSchema.parse(fixture('thumbnail-set.json')).items).toEqual([
      expect.objectContaining({ default: expect.objectContaining({ width: 120, height: 90 }) }),
    ]);
  });

  it('refuses answers that lack a field the adapter needs', () => {
    expect(refuses(googleTokenSchema, without(fixture('oauth-token.json'), 'access_token'))).toBe(true);
    expect(refuses(googleTokenSchema, without(fixture('oauth-refresh.json'), 'expires_in'))).toBe(true);
    const [channel] = (fixture('channels-mine.json') as { items: unknown[] }).items;
    expect(refuses(channelListSchema, { items: [without(channel, 'id')] })).toBe(true);
    expect(refuses(videoSchema, without(fixture('video-inserted.json'), 'id'))).toBe(true);
    const [video] = (fixture('videos-processed.json') as { items: unknown[] }).items;
    expect(refuses(videoListSchema, { items: [without(video, 'id')] })).toBe(true);
    expect(refuses(thumbnailSetSchema, { items: {} })).toBe(true);
  });
});
