import { describe, expect, it } from 'vitest';
import type { SandboxCall } from '../src/index.js';
import { patternedBytes, putChunk, send, tiktokCreator, useSandbox } from './sandbox-harness.js';

// The TikTok Content Posting simulator: creator info, publish status, photo posts, limits, the
// video list and the public pages. Uploads are in tiktok-upload.test.ts, OAuth in tiktok-oauth.test.ts.
const h = useSandbox();

describe('TikTok creator info', () => {
  it('answers the defaults, then what a test set, and refuses creators who cannot post', async () => {
    const tt = tiktokCreator(h);
    expect((await tt.creatorInfo()).body).toEqual({
      data: {
        creator_avatar_url: `${h.baseUrl}/sandbox/tiktok/@bea_shop/avatar.svg`,
        creator_username: 'bea_shop',
        creator_nickname: 'bea_shop',
        privacy_level_options: [
          'PUBLIC_TO_EVERYONE',
          'MUTUAL_FOLLOW_FRIENDS',
          'FOLLOWER_OF_CREATOR',
          'SELF_ONLY',
        ],
        comment_disabled: false,
        duet_disabled: false,
        stitch_disabled: false,
        max_video_post_duration_sec: 600,
      },
      error: { code: 'ok', message: '', log_id: expect.any(String) },
    });
    h.sandbox.control.setTikTokCreator(tt.openId, {
      privacyLevelOptions: ['SELF_ONLY'],
      commentDisabled: true,
      maxVideoPostDurationSec: 60,
    });
    expect((await tt.creatorInfo()).body.data).toMatchObject({
      privacy_level_options: ['SELF_ONLY'],
      comment_disabled: true,
      duet_disabled: false,
      max_video_post_duration_sec: 60,
    });
    h.sandbox.control.setTikTokCreator(tt.openId, { cannotPost: 'spam_risk_user_banned_from_posting' });
    const banned = await tt.creatorInfo();
    expect(banned.status).toBe(403);
    expect(banned.body.error).toMatchObject({ code: 'spam_risk_user_banned_from_posting' });
    expect((await tt.initVideo(1000, 1000, 1)).body.error.code).toBe('spam_risk_user_banned_from_posting');
  });
});

describe('TikTok publish status', () => {
  it('pulls a video by link; an unreachable link fails with video_pull_failed', async () => {
    const tt = tiktokCreator(h);
    const pulled = (await tt.pullVideo(h.media.video)).body.data;
    expect(pulled.publish_id).toMatch(/^v_pub_url~v2-/);
    expect((await tt.status(pulled.publish_id)).body.data).toEqual({
      status: 'PROCESSING_DOWNLOAD',
      publicaly_available_post_id: [],
      downloaded_bytes: 76,
    });
    const missing = (await tt.pullVideo(h.media.missing, { title: 'gone' })).body.data;
    h.clock.advance(2_000);
    expect((await tt.status(pulled.publish_id)).body.data.status).toBe('PUBLISH_COMPLETE');
    expect((await tt.status(missing.publish_id)).body.data).toEqual({
      status: 'FAILED',
      fail_reason: 'video_pull_failed',
      publicaly_available_post_id: [],
      downloaded_bytes: 0,
    });
    expect(h.sandbox.control.published('tiktok')).toEqual([
      expect.objectContaining({
        mediaUrls: [h.media.video],
        upload: { sizeBytes: 76, sha256: expect.any(String) },
      }),
    ]);
  });

  it('#sandbox-fail ends FAILED with spam_risk_text; #sandbox-transient answers 500 once', async () => {
    const tt = tiktokCreator(h);
    const doomed = (await tt.initVideo(1000, 1000, 1, { title: 'Nope #sandbox-fail' })).body.data;
    await putChunk(doomed.upload_url, patternedBytes(1000), 'bytes 0-999/1000');
    h.clock.advance(2_000);
    expect((await tt.status(doomed.publish_id)).body.data).toMatchObject({
      status: 'FAILED',
      fail_reason: 'spam_risk_text',
    });
    const flaky = await tt.initVideo(1000, 1000, 1, { title: 'Flaky #sandbox-transient' });
    expect(flaky.status).toBe(500);
    expect(flaky.body.error.code).toBe('internal_error');
    expect((await tt.initVideo(1000, 1000, 1, { title: 'Flaky #sandbox-transient' })).status).toBe(200);
    expect(h.sandbox.control.published('tiktok')).toHaveLength(0);
  });

  it('keeps SELF_ONLY ids private, and inbox uploads end in SEND_TO_USER_INBOX without a post', async () => {
    const tt = tiktokCreator(h);
    const own = (await tt.initPhotos([h.media.jpeg], { privacy_level: 'SELF_ONLY' })).body.data;
    const inbox = (await tt.initPhotos([h.media.jpeg], {}, 'MEDIA_UPLOAD')).body.data;
    expect((await tt.status(own.publish_id)).body.data).toMatchObject({
      status: 'PUBLISH_COMPLETE',
      publicaly_available_post_id: [],
    });
    expect((await tt.status(inbox.publish_id)).body.data.status).toBe('SEND_TO_USER_INBOX');
    expect(h.sandbox.control.published('tiktok')).toHaveLength(1);
    const unknown = await tt.status('v_pub_file~v2-1');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('invalid_params');
  });
});

describe('TikTok photo posts', () => {
  it('publishes 35 photos; 36 and FILE_UPLOAD are refused', async () => {
    const tt = tiktokCreator(h);
    const init = await tt.initPhotos(Array(35).fill(h.media.jpeg), {
      title: 'Trip',
      description: 'All of it',
    });
    expect(init.body.data.publish_id).toMatch(/^p_pub_url~v2-/);
    expect((await tt.status(init.body.data.publish_id)).body.data.status).toBe('PUBLISH_COMPLETE');
    expect(h.sandbox.control.published('tiktok')).toEqual([
      expect.objectContaining({ kind: 'PHOTO', children: 35, caption: 'Trip\n\nAll of it' }),
    ]);
    const tooMany = await tt.initPhotos(Array(36).fill(h.media.jpeg));
    expect(tooMany.body.error).toMatchObject({
      code: 'invalid_params',
      message: expect.stringContaining('got 36'),
    });
    const upload = await tt.call('/v2/post/publish/content/init/', {
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: { privacy_level: 'PUBLIC_TO_EVERYONE' },
      source_info: { source: 'FILE_UPLOAD', photo_images: [h.media.jpeg] },
    });
    expect(upload.body.error.message).toContain('PULL_FROM_URL only');
    const title = await tt.initPhotos([h.media.jpeg], { title: 'x'.repeat(91) });
    expect(title.body.error.message).toContain('title');
  });

  it('takes JPEG only here: PNG fails file_format_check_failed, a dead link photo_pull_failed', async () => {
    const tt = tiktokCreator(h);
    const png = (await tt.initPhotos([h.media.jpeg, h.media.png])).body.data;
    const dead = (await tt.initPhotos([h.media.missing], { title: 'dead' })).body.data;
    expect((await tt.status(png.publish_id)).body.data).toMatchObject({
      status: 'FAILED',
      fail_reason: 'file_format_check_failed',
    });
    expect((await tt.status(dead.publish_id)).body.data.fail_reason).toBe('photo_pull_failed');
  });
});

describe('TikTok limits', () => {
  it('rate limits per token and minute: creator_info 20, init 6, status 30', async () => {
    const tt = tiktokCreator(h);
    for (let i = 0; i < 20; i++) expect((await tt.creatorInfo()).status).toBe(200);
    const limited = await tt.creatorInfo();
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: 'rate_limit_exceeded' });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await tt.initPhotos([h.media.jpeg], { title: `n${i}` })).body.data.publish_id);
    expect((await tt.initVideo(1000, 1000, 1)).status).toBe(429);
    for (let i = 0; i < 30; i++) expect((await tt.status(ids[0] ?? '')).status).toBe(200);
    expect((await tt.status(ids[0] ?? '')).status).toBe(429);
    expect((await tiktokCreator(h, 'other').creatorInfo()).status).toBe(200);
    h.clock.advance(60_000);
    expect((await tt.creatorInfo()).status).toBe(200);
    expect((await tt.status(ids[0] ?? '')).status).toBe(200);
  });

  it('caps posts per creator per 24 h with spam_risk_too_many_posts', async () => {
    const tt = tiktokCreator(h);
    h.sandbox.control.setQuota('tiktok', 2);
    expect((await tt.initPhotos([h.media.jpeg], { title: 'one' })).status).toBe(200);
    // An upload in flight counts too: it may still publish.
    expect((await tt.initVideo(1000, 1000, 1, { title: 'two' })).status).toBe(200);
    const capped = await tt.initPhotos([h.media.jpeg], { title: 'three' });
    expect(capped.status).toBe(403);
    expect(capped.body.error).toMatchObject({
      code: 'spam_risk_too_many_posts',
      message: expect.stringContaining('2 posts'),
    });
    h.clock.advance(3_600_000); // the upload was abandoned: its URL expired
    expect((await tt.initPhotos([h.media.jpeg], { title: 'three' })).status).toBe(200);
    expect((await tt.initPhotos([h.media.jpeg], { title: 'four' })).status).toBe(403);
    h.clock.advance(24 * 3_600_000);
    expect((await tiktokCreator(h).initPhotos([h.media.jpeg], { title: 'five' })).status).toBe(200);
  });
});

describe('TikTok video list and pages', () => {
  it('lists visible posts newest first, page by page, and serves their pages', async () => {
    const tt = tiktokCreator(h);
    for (const title of ['first', 'second', 'third']) {
      await tt.initPhotos([h.media.jpeg], { title });
      h.clock.advance(1_000);
    }
    await tt.initPhotos([h.media.jpeg], { title: 'private', privacy_level: 'SELF_ONLY' });
    const page = await tt.list({ max_count: 2 });
    expect(page.body.data).toEqual({
      videos: [
        {
          id: expect.stringMatching(/^7\d{18}$/),
          title: 'third',
          create_time: expect.any(Number),
          share_url: expect.any(String),
        },
        expect.objectContaining({ title: 'second' }),
      ],
      cursor: 2,
      has_more: true,
    });
    const next = await tt.list({ max_count: 2, cursor: page.body.data.cursor });
    expect(next.body.data).toMatchObject({ videos: [{ title: 'first' }], has_more: false });
    expect((await tt.list({ max_count: 21 })).body.error.code).toBe('invalid_params');

    const [third] = page.body.data.videos;
    const post = await h.get(third.share_url);
    expect(post.status).toBe(200);
    expect(post.text).toContain('third');
    const profile = await h.get(`${h.baseUrl}/sandbox/tiktok/@bea_shop`);
    expect(profile.text).toContain(third.share_url);
    expect((await h.get(`${h.baseUrl}/sandbox/tiktok/@bea_shop/video/1`)).text).toContain(
      'not in the simulator',
    );
  });

  it('answers unknown paths and bad tokens in the TikTok envelope, and shows every call to the hook', async () => {
    const seen: string[] = [];
    h.sandbox.control.intercept((call: SandboxCall, phase) => {
      if (phase === 'before') seen.push(call.operation);
    });
    const tt = tiktokCreator(h);
    const { upload_url: url } = (await tt.initVideo(1000, 1000, 1)).body.data;
    await putChunk(url, patternedBytes(1000), 'bytes 0-999/1000');
    await tt.creatorInfo();
    await tt.list();
    expect(seen).toEqual([
      'tiktok.video_init',
      'tiktok.upload_chunk',
      'tiktok.creator_info',
      'tiktok.video_list',
    ]);
    const unknown = await send(`${h.hosts.tiktok.api}/v2/nothing/here/`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      data: {},
      error: { code: 'invalid_params', message: expect.any(String), log_id: expect.any(String) },
    });
    const anonymous = await send(`${h.hosts.tiktok.api}/v2/post/publish/creator_info/query/`, {
      method: 'POST',
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('access_token_invalid');
  });
});
