import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureReader } from '../shared/__fixtures__/fixture-reader.js';
import { refuses, without } from '../shared/__fixtures__/wire-checks.js';
import {
  tiktokCreatorInfoSchema,
  tiktokInitSchema,
  tiktokStatusSchema,
  tiktokTokenSchema,
  tiktokUserInfoSchema,
  tiktokVideoListSchema,
} from './tiktok-api.js';
import { parseJson } from './tiktok-client.js';
import { tiktokErrorOf } from './tiktok-failure.js';

// Plain JSON.parse, as the other platforms read their fixtures.
const fixture = fixtureReader(import.meta.dirname);
// The body as the client reads it: parseJson keeps int64 ids exact.
const body = (name: string): unknown =>
  parseJson(readFileSync(join(import.meta.dirname, '__fixtures__', name), 'utf8'));
// What the client hands the schema of a Content Posting or Display API call: the envelope's `data`.
const data = (name: string): unknown => (body(name) as { data: unknown }).data;

const SUCCESSES = [
  'oauth-token.json',
  'user-info.json',
  'creator-info.json',
  'video-init.json',
  'photo-init.json',
  'status-processing.json',
  'status-failed.json',
  'status-publish-complete.json',
  'video-list.json',
];

describe('TikTok wire format', () => {
  it('reads the error code "ok" of a success envelope, and a flat token answer, as no error', () => {
    for (const name of SUCCESSES) expect(tiktokErrorOf(body(name)), name).toBeNull();
  });

  it('reads the token answer flat, with the scopes as a comma list and both lifetimes in seconds', () => {
    expect(tiktokTokenSchema.parse(body('oauth-token.json'))).toEqual({
      open_id: '-000dGZ1cVF5hKqbvXoYbDtBVbCgl6pWM2hS',
      scope: 'user.info.basic,user.info.profile,user.info.stats,video.publish,video.upload,video.list',
      access_token: expect.stringMatching(/^act\./),
      expires_in: 86400,
      refresh_token: expect.stringMatching(/^rft\./),
      refresh_expires_in: 31536000,
      token_type: 'Bearer',
    });
  });

  it('reads the user from data.user, follower count included', () => {
    expect(tiktokUserInfoSchema.parse(data('user-info.json')).user).toEqual({
      open_id: '-000dGZ1cVF5hKqbvXoYbDtBVbCgl6pWM2hS',
      union_id: 'd5b7f3e1-2c4a-4e8b-9f6d-1a3c5e7b9d0f',
      avatar_url: expect.stringMatching(/^https:\/\/p16-sign-va\.tiktokcdn\.com\//),
      display_name: 'Acme Studio',
      username: 'acme.studio',
      follower_count: 1834,
    });
  });

  it('reads a user without the stats scope as having no follower count', () => {
    const { follower_count: _, ...user } = (data('user-info.json') as { user: Record<string, unknown> }).user;
    expect(tiktokUserInfoSchema.parse({ user }).user.follower_count).toBeUndefined();
  });

  it("reads the creator's privacy levels, interaction switches and longest video", () => {
    expect(tiktokCreatorInfoSchema.parse(data('creator-info.json'))).toEqual({
      creator_avatar_url: expect.stringMatching(/^https:/),
      creator_username: 'acme.studio',
      creator_nickname: 'Acme Studio',
      privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
      comment_disabled: false,
      duet_disabled: false,
      stitch_disabled: true,
      max_video_post_duration_sec: 600,
    });
  });

  it('reads a creator answer without the switches as comments, duets and stitches allowed, and no longest video', () => {
    const creator = tiktokCreatorInfoSchema.parse({ privacy_level_options: ['SELF_ONLY'] });
    expect(creator).toEqual({
      privacy_level_options: ['SELF_ONLY'],
      comment_disabled: false,
      duet_disabled: false,
      stitch_disabled: false,
    });
    expect(creator.max_video_post_duration_sec).toBeUndefined();
  });

  it('reads the video init with its upload URL, and the photo init with a publish id only', () => {
    expect(tiktokInitSchema.parse(data('video-init.json'))).toEqual({
      publish_id: 'v_pub_file~v2-1.7345678901234567890',
      upload_url: expect.stringMatching(/^https:\/\/open-upload\.tiktokapis\.com\/video\/\?upload_id=/),
    });
    const photo = tiktokInitSchema.parse(data('photo-init.json'));
    expect(photo).toEqual({ publish_id: 'p_pub_url~v2.7345678901234567892' });
    expect(photo.upload_url).toBeUndefined();
  });

  it('reads a publish still uploading, without post ids yet, as no post ids', () => {
    expect(tiktokStatusSchema.parse(data('status-processing.json'))).toEqual({
      status: 'PROCESSING_UPLOAD',
      publicaly_available_post_id: [],
      uploaded_bytes: 5242880,
    });
  });

  it('reads a failed publish with its fail reason', () => {
    expect(tiktokStatusSchema.parse(data('status-failed.json'))).toEqual({
      status: 'FAILED',
      fail_reason: 'file_format_check_failed',
      publicaly_available_post_id: [],
      uploaded_bytes: 10485761,
    });
  });

  it('reads the int64 post id of a complete publish as its exact digits, which plain JSON.parse would round', () => {
    expect(tiktokStatusSchema.parse(data('status-publish-complete.json'))).toEqual({
      status: 'PUBLISH_COMPLETE',
      publicaly_available_post_id: ['7345678901234567891'],
      uploaded_bytes: 10485761,
    });
    const rounded = (fixture('status-publish-complete.json') as { data: unknown }).data;
    expect(tiktokStatusSchema.parse(rounded).publicaly_available_post_id).not.toEqual([
      '7345678901234567891',
    ]);
  });

  it('reads the recent videos with their string ids, titles (empty ones too) and creation times', () => {
    const list = tiktokVideoListSchema.parse(data('video-list.json'));
    expect(list.videos.map((video) => [video.id, video.title, video.create_time])).toEqual([
      ['7345678901234567891', 'Open today 9–5 ☕️ #coffee', 1768478460],
      ['7345312345678901234', '', 1768392000],
    ]);
    expect(list.videos[0]?.share_url).toMatch(
      /^https:\/\/www\.tiktok\.com\/@acme\.studio\/video\/7345678901234567891\?/,
    );
    expect(list).toMatchObject({ cursor: 1768392000000, has_more: false });
  });

  it('reads a listing without videos as an empty list', () => {
    expect(tiktokVideoListSchema.parse({ cursor: 0, has_more: false }).videos).toEqual([]);
  });

  it('refuses answers that lack a field the adapter needs', () => {
    expect(refuses(tiktokTokenSchema, without(body('oauth-token.json'), 'access_token'))).toBe(true);
    expect(refuses(tiktokTokenSchema, without(body('oauth-token.json'), 'refresh_token'))).toBe(true);
    expect(refuses(tiktokUserInfoSchema, without(data('user-info.json'), 'user'))).toBe(true);
    expect(
      refuses(tiktokCreatorInfoSchema, without(data('creator-info.json'), 'privacy_level_options')),
    ).toBe(true);
    expect(refuses(tiktokInitSchema, without(data('video-init.json'), 'publish_id'))).toBe(true);
    expect(refuses(tiktokStatusSchema, without(data('status-failed.json'), 'status'))).toBe(true);
    const [video] = (data('video-list.json') as { videos: unknown[] }).videos;
    expect(refuses(tiktokVideoListSchema, { videos: [without(video, 'id')] })).toBe(true);
  });
});
