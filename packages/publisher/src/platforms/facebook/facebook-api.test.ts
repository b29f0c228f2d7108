import { describe, expect, it } from 'vitest';
import { fixtureReader } from '../shared/__fixtures__/fixture-reader.js';
import {
  facebookCreatedSchema,
  facebookFeedSchema,
  facebookPagesSchema,
  facebookReelStartSchema,
  facebookVideoStatusSchema,
} from './facebook-api.js';

const fixture = fixtureReader(import.meta.dirname);

describe('Facebook wire format', () => {
  it('reads the granted Pages with their tokens and pictures', () => {
    const pages = facebookPagesSchema.parse(fixture('me-accounts.json')).data;
    expect(pages.map((page) => [page.id, page.access_token, page.picture?.data?.url ?? null])).toEqual([
      ['104567890123456', 'EAAGpageTokenOne', 'https://scontent.xx.fbcdn.net/v/t39.30808-1/p50x50/1.jpg'],
      ['104567890654321', 'EAAGpageTokenTwo', null],
    ]);
  });

  it('reads the feed, posts without a message included', () => {
    const feed = facebookFeedSchema.parse(fixture('page-feed.json')).data;
    expect(feed.map((item) => item.message ?? null)).toEqual(['Open today', null]);
  });

  it('reads the photo post id and the reel upload session', () => {
    expect(facebookCreatedSchema.parse(fixture('photo-created.json'))).toMatchObject({
      post_id: '104567890123456_122101234567890457',
    });
    expect(facebookReelStartSchema.parse(fixture('reel-start.json'))).toMatchObject({
      video_id: '1234567890123456',
      upload_url: expect.stringMatching(/^https:\/\/rupload/),
    });
  });

  it('reads reel phases and makes a relative permalink absolute', () => {
    const processing = facebookVideoStatusSchema.parse(fixture('reel-status-processing.json'));
    expect(processing.status.video_status).toBe('processing');
    const ready = facebookVideoStatusSchema.parse(fixture('reel-status-ready.json'));
    expect(ready.status.publishing_phase?.status).toBe('complete');
    expect(ready.permalink_url).toBe('https://www.facebook.com/reel/1234567890123456/');
    const failed = facebookVideoStatusSchema.parse(fixture('reel-status-error.json'));
    expect(failed.status.processing_phase?.errors?.[0]?.message).toMatch(/aspect ratio/);
  });
});
