import { describe, expect, it } from 'vitest';
import {
  longLivedTokenSchema,
  publishingLimitSchema,
  recentMediaSchema,
  shortLivedTokenSchema,
} from '../meta/graph-api.js';
import { fixtureReader } from '../shared/__fixtures__/fixture-reader.js';
import { instagramContainerStatusSchema, instagramProfileSchema } from './instagram-api.js';

const fixture = fixtureReader(import.meta.dirname);

describe('Instagram wire format', () => {
  it('reads the short-lived token flat, with permissions as a comma list and a numeric user id', () => {
    expect(shortLivedTokenSchema.parse(fixture('short-token-flat.json'))).toEqual({
      accessToken: expect.stringMatching(/^IGQVJ/),
      userId: expect.stringMatching(/^178414/),
      permissions: ['instagram_business_basic', 'instagram_business_content_publish'],
    });
  });

  it('reads the short-lived token wrapped in data[], with permissions as an array', () => {
    expect(shortLivedTokenSchema.parse(fixture('short-token-wrapped.json'))).toEqual({
      accessToken: expect.stringMatching(/^IGQVJ/),
      userId: '17841400000000001',
      permissions: ['instagram_business_basic', 'instagram_business_content_publish'],
    });
  });

  it('reads a token answer without permissions (Threads) as permissions unknown', () => {
    expect(shortLivedTokenSchema.parse({ access_token: 'THQ', user_id: 123 })).toEqual({
      accessToken: 'THQ',
      userId: '123',
      permissions: null,
    });
  });

  it('reads the long-lived token', () => {
    expect(longLivedTokenSchema.parse(fixture('long-lived-token.json'))).toMatchObject({
      expires_in: 5183944,
    });
  });

  it('reads the profile flat or wrapped in data[]', () => {
    expect(instagramProfileSchema.parse(fixture('me-flat.json'))).toEqual({
      id: '17841400000000001',
      handle: 'acme.studio',
      pictureUrl: 'https://scontent.cdninstagram.com/v/t51.2885-19/123_n.jpg',
      followerCount: 1234,
    });
    expect(instagramProfileSchema.parse(fixture('me-wrapped.json'))).toEqual({
      id: '17841400000000001',
      handle: 'acme.studio',
      pictureUrl: null,
      followerCount: null,
    });
  });

  it('reads container states and keeps the status text', () => {
    expect(instagramContainerStatusSchema.parse(fixture('container-in-progress.json')).state).toBe(
      'IN_PROGRESS',
    );
    expect(instagramContainerStatusSchema.parse(fixture('container-finished.json')).state).toBe('FINISHED');
    expect(instagramContainerStatusSchema.parse(fixture('container-error.json'))).toEqual({
      state: 'ERROR',
      detail: 'Error: Media upload has failed with error code 2207052',
    });
    expect(instagramContainerStatusSchema.parse({ status_code: 'SOMETHING_NEW' }).state).toBe('IN_PROGRESS');
  });

  it('reads the publishing limit and the recent media listing', () => {
    expect(publishingLimitSchema.parse(fixture('content-publishing-limit.json')).data[0]).toMatchObject({
      quota_usage: 50,
      config: { quota_total: 50 },
    });
    expect(recentMediaSchema.parse(fixture('recent-media.json')).data).toHaveLength(2);
  });
});
