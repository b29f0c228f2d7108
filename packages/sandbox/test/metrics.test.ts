import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  INSTAGRAM_MIN_VIEWERS,
  mintSandboxAccount,
  type SandboxPlatform,
  SIMULATED_METRICS,
  simulatedFollowerCount,
  simulatedMetric,
} from '../src/index.js';
import { connect, connectPage, SECRET, send, useSandbox } from './sandbox-harness.js';

// The metrics endpoints of the five simulators (insights, engagement fields, video/query,
// statistics), their figures computed independently with the exported formula and the fake clock.
const h = useSandbox();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Tokens for `handle` minted at the sandbox clock's time (optionally with only `scopes`). */
function mint(platform: SandboxPlatform, handle: string, scopes?: string) {
  return mintSandboxAccount({
    platform,
    handle,
    secret: SECRET,
    baseUrl: h.baseUrl,
    now: h.clock.now(),
    ...(scopes === undefined ? {} : { scopes }),
  });
}

/** The one publication of `platform` with this id, as the control records it. */
function publication(platform: SandboxPlatform, id: string) {
  const found = h.sandbox.control.published(platform).find((p) => p.id === id);
  if (found === undefined) throw new Error(`no ${platform} publication ${id}`);
  return found;
}

/** What the formula gives for a publication at the sandbox clock's time. */
function expected(platform: SandboxPlatform, id: string, metric: string): number {
  return simulatedMetric(platform, id, metric, publication(platform, id).at, h.clock.now());
}

describe('simulatedMetric', () => {
  const at = new Date('2025-06-01T12:00:00Z');
  const later = (ms: number) => new Date(at.getTime() + ms);

  it('is 0 until publishing, then grows and settles, the same for the same inputs', () => {
    for (const platform of Object.keys(SIMULATED_METRICS) as SandboxPlatform[]) {
      for (const metric of SIMULATED_METRICS[platform]) {
        const value = (ms: number) => simulatedMetric(platform, 'post-1', metric, at, later(ms));
        expect(value(-HOUR)).toBe(0);
        expect(value(0)).toBe(0);
        const series = [HOUR, 6 * HOUR, DAY, 3 * DAY, 10 * DAY, 60 * DAY].map(value);
        expect(series).toEqual([...series].sort((a, b) => a - b));
        // Settled: τ is at most 48 h, so two months and a year give the same figure.
        expect(value(60 * DAY)).toBe(value(365 * DAY));
        expect(value(DAY)).toBe(simulatedMetric(platform, 'post-1', metric, at, later(DAY)));
      }
    }
    expect(simulatedMetric('instagram', 'post-1', 'views', at, later(60 * DAY))).toBeGreaterThan(0);
    expect(simulatedMetric('youtube', 'post-1', 'favoriteCount', at, later(60 * DAY))).toBe(0);
    expect(() => simulatedMetric('instagram', 'post-1', 'impressions', at, later(DAY))).toThrow(TypeError);
  });

  it('keeps views ≥ reach ≥ likes ≥ comments at every moment, and sums add up', () => {
    for (let n = 0; n < 50; n++) {
      for (const ms of [10 * 60_000, 2 * HOUR, DAY, 30 * DAY]) {
        const ig = (metric: string) => simulatedMetric('instagram', `media-${n}`, metric, at, later(ms));
        expect(ig('views')).toBeGreaterThanOrEqual(ig('reach'));
        expect(ig('reach')).toBeGreaterThanOrEqual(ig('likes'));
        expect(ig('likes')).toBeGreaterThanOrEqual(ig('comments'));
        expect(ig('likes')).toBeGreaterThanOrEqual(ig('saved'));
        expect(ig('total_interactions')).toBe(ig('likes') + ig('comments') + ig('shares') + ig('saved'));
        const tt = (metric: string) => simulatedMetric('tiktok', `video-${n}`, metric, at, later(ms));
        expect(tt('view_count')).toBeGreaterThanOrEqual(tt('like_count'));
        expect(tt('like_count')).toBeGreaterThanOrEqual(tt('comment_count'));
        const yt = (metric: string) => simulatedMetric('youtube', `v-${n}`, metric, at, later(ms));
        expect(yt('viewCount')).toBeGreaterThanOrEqual(yt('likeCount'));
        expect(yt('likeCount')).toBeGreaterThanOrEqual(yt('commentCount'));
      }
    }
  });

  it('follower counts grow with time and do not depend on anything else', () => {
    const june = simulatedFollowerCount('tiktok', 'bea_shop', at);
    expect(simulatedFollowerCount('tiktok', 'bea_shop', later(30 * DAY))).toBeGreaterThan(june);
    expect(simulatedFollowerCount('tiktok', 'bea_shop', at)).toBe(june);
  });
});

describe('Instagram insights', () => {
  const graph = () => `${h.hosts.instagram.graph}/v23.0`;

  async function publishImage(token: string, userId: string): Promise<string> {
    const created = await h.post(`${graph()}/${userId}/media`, {
      image_url: h.media.jpeg,
      access_token: token,
    });
    const published = await h.post(`${graph()}/${userId}/media_publish`, {
      creation_id: created.body.id,
      access_token: token,
    });
    return published.body.id;
  }

  function account(handle = 'bea_shop', scopes?: string) {
    const minted = mint('instagram', handle, scopes);
    const token = String(minted.credentials.accessToken);
    return {
      token,
      userId: minted.platformAccountId,
      publish: () => publishImage(token, minted.platformAccountId),
      insights: (id: string, metric?: string) =>
        h.get(`${graph()}/${id}/insights`, {
          ...(metric === undefined ? {} : { metric }),
          access_token: token,
        }),
    };
  }

  const ALL = 'views,reach,likes,comments,shares,saved,total_interactions';

  it('answers each metric as a lifetime value, growing with the clock, with the cheap counters alike', async () => {
    const ig = account();
    const id = await ig.publish();
    h.clock.advance(3 * DAY);
    const answer = await ig.insights(id, ALL);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: ALL.split(',').map((name) => ({
        name,
        period: 'lifetime',
        values: [{ value: expected('instagram', id, name) }],
        title: expect.any(String),
        description: expect.any(String),
        id: `${id}/insights/${name}/lifetime`,
      })),
    });
    const views = answer.body.data[0].values[0].value;
    expect(views).toBeGreaterThan(0);
    const counters = await h.get(`${graph()}/${id}`, {
      fields: 'like_count,comments_count',
      access_token: ig.token,
    });
    expect(counters.body).toEqual({
      id,
      like_count: expected('instagram', id, 'likes'),
      comments_count: expected('instagram', id, 'comments'),
    });
    h.clock.advance(3 * DAY);
    const later = await ig.insights(id, 'views');
    expect(later.body.data[0].values[0].value).toBe(expected('instagram', id, 'views'));
    expect(later.body.data[0].values[0].value).toBeGreaterThanOrEqual(views);
    // The long-lived token lasts 60 days: later reads use fresh ones.
    h.clock.advance(90 * DAY);
    const settled = (await account().insights(id, 'views')).body.data[0].values[0].value;
    h.clock.advance(90 * DAY);
    expect((await account().insights(id, 'views')).body.data[0].values[0].value).toBe(settled);
  });

  it('leaves out metrics without data (an empty list when none has), and refuses unknown ones with code 100', async () => {
    const ig = account();
    const id = await ig.publish();
    h.clock.advance(DAY);
    expect((await ig.insights(id, 'follows,profile_visits')).body).toEqual({ data: [] });
    const mixed = await ig.insights(id, 'follows,likes');
    expect(mixed.body.data.map((d: { name: string }) => d.name)).toEqual(['likes']);
    const retired = await ig.insights(id, 'likes,impressions');
    expect(retired.status).toBe(400);
    expect(retired.body.error).toMatchObject({
      code: 100,
      type: 'OAuthException',
      message: expect.stringMatching(
        /^\(#100\) metric\[1\] must be one of the following values: views, reach/,
      ),
    });
    expect((await ig.insights(id)).body.error.code).toBe(100);
    const stranger = await account('someone_else').insights(id, 'likes');
    expect(stranger.body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it(`answers code 10 "Not enough viewers" below ${INSTAGRAM_MIN_VIEWERS} accounts reached, or when injected`, async () => {
    const ig = account();
    const id = await ig.publish();
    const fresh = await ig.insights(id, 'views');
    expect(fresh.status).toBe(400);
    expect(fresh.body.error).toMatchObject({
      code: 10,
      message: '(#10) Not enough viewers for the media to show insights',
      type: 'OAuthException',
    });
    h.clock.advance(DAY);
    expect(expected('instagram', id, 'reach')).toBeGreaterThanOrEqual(INSTAGRAM_MIN_VIEWERS);
    expect((await ig.insights(id, 'views')).status).toBe(200);
    h.sandbox.control.denyInsights(id);
    expect((await ig.insights(id, 'views')).body.error.code).toBe(10);
    // The counters are not insights: they still answer.
    expect((await h.get(`${graph()}/${id}`, { fields: 'like_count', access_token: ig.token })).status).toBe(
      200,
    );
    h.sandbox.control.denyInsights(id, false);
    expect((await ig.insights(id, 'views')).status).toBe(200);
  });

  it('needs the insights scope, and answers the throttling code a test injects', async () => {
    const full = account();
    const id = await full.publish();
    h.clock.advance(DAY);
    const narrow = account('bea_shop', 'instagram_business_basic,instagram_business_content_publish');
    const refused = await narrow.insights(id, 'views');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 10, type: 'OAuthException' });
    const granted = account('bea_shop', 'instagram_business_basic,instagram_business_manage_insights');
    expect((await granted.insights(id, 'views')).status).toBe(200);
    h.sandbox.control.limitMetrics('instagram', 17);
    const limited = await full.insights(id, 'views');
    expect(limited.status).toBe(400);
    expect(limited.body.error).toMatchObject({
      code: 17,
      message: '(#17) User request limit reached',
      is_transient: true,
    });
    h.sandbox.control.limitMetrics('instagram');
    expect((await full.insights(id, 'views')).body.error.code).toBe(4);
    h.sandbox.control.limitMetrics('instagram', null);
    expect((await full.insights(id, 'views')).status).toBe(200);
  });
});

describe('Threads insights', () => {
  const graph = () => `${h.hosts.threads.graph}/v1.0`;

  async function publishText(token: string, userId: string): Promise<string> {
    const created = await h.post(`${graph()}/${userId}/threads`, {
      media_type: 'TEXT',
      text: 'Hello Threads',
      access_token: token,
    });
    const published = await h.post(`${graph()}/${userId}/threads_publish`, {
      creation_id: created.body.id,
      access_token: token,
    });
    return published.body.id;
  }

  it('answers views, likes, replies, reposts, quotes and shares as lifetime values', async () => {
    const minted = mint('threads', 'bea_threads');
    const token = String(minted.credentials.accessToken);
    const id = await publishText(token, minted.platformAccountId);
    const metric = 'views,likes,replies,reposts,quotes,shares';
    const atOnce = await h.get(`${graph()}/${id}/insights`, { metric, access_token: token });
    expect(atOnce.body.data.map((d: { values: { value: number }[] }) => d.values[0]?.value)).toEqual([
      0, 0, 0, 0, 0, 0,
    ]);
    h.clock.advance(2 * DAY);
    const answer = await h.get(`${graph()}/${id}/insights`, { metric, access_token: token });
    expect(answer.body).toEqual({
      data: metric.split(',').map((name) => ({
        name,
        period: 'lifetime',
        values: [{ value: expected('threads', id, name) }],
        title: expect.any(String),
        description: expect.any(String),
        id: `${id}/insights/${name}/lifetime`,
      })),
    });
    const unknown = await h.get(`${graph()}/${id}/insights`, { metric: 'clicks', access_token: token });
    expect(unknown.body.error.code).toBe(100);
    h.sandbox.control.limitMetrics('threads', 4);
    expect((await h.get(`${graph()}/${id}/insights`, { metric, access_token: token })).body.error.code).toBe(
      4,
    );
  });

  it('refuses a token whose consent did not grant threads_manage_insights', async () => {
    // The harness consents with the scopes "a,b": they stay on the long-lived token.
    const { token, userId } = await connect(h, 'threads', 'bea_threads');
    const id = await publishText(token, userId);
    h.clock.advance(DAY);
    const refused = await h.get(`${graph()}/${id}/insights`, { metric: 'views', access_token: token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 10 });
  });
});

describe('Facebook engagement and reel insights', () => {
  const graph = () => `${h.hosts.facebook.graph}/v23.0`;
  const ENGAGEMENT = 'shares,reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0)';

  function page(name = 'Bea Bakery', scopes?: string) {
    const minted = mint('facebook', name, scopes);
    const pageToken = String(minted.credentials.pageAccessToken);
    return {
      pageId: minted.platformAccountId,
      pageToken,
      post: (edge: string, params: Record<string, string>) =>
        h.post(`${graph()}/${minted.platformAccountId}/${edge}`, { ...params, access_token: pageToken }),
      read: (id: string, fields: string, token = pageToken) =>
        h.get(`${graph()}/${id}`, { fields, access_token: token }),
    };
  }

  async function publishReel(fb: ReturnType<typeof page>): Promise<string> {
    const start = await fb.post('video_reels', { upload_phase: 'start' });
    await h.post(
      start.body.upload_url,
      {},
      { authorization: `OAuth ${fb.pageToken}`, file_url: h.media.video },
    );
    await fb.post('video_reels', {
      upload_phase: 'finish',
      video_id: start.body.video_id,
      video_state: 'PUBLISHED',
      description: 'A reel',
    });
    return start.body.video_id;
  }

  it('answers shares, reactions and comments with the field-expansion shapes', async () => {
    const fb = page();
    const id = (await fb.post('feed', { message: 'Fresh bread' })).body.id;
    // Nothing yet: Graph leaves `shares` out when nobody shared.
    expect((await fb.read(id, ENGAGEMENT)).body).toEqual({
      id,
      reactions: { data: [], summary: { total_count: 0 } },
      comments: { data: [], summary: { total_count: 0 } },
    });
    h.clock.advance(4 * DAY);
    const answer = await fb.read(id, `${ENGAGEMENT},permalink_url`);
    // Post ids are random, so a small post may still have no share: `shares` is there when some are.
    const shares = expected('facebook', id, 'shares');
    expect(answer.body).toEqual({
      id,
      ...(shares === 0 ? {} : { shares: { count: shares } }),
      reactions: { data: [], summary: { total_count: expected('facebook', id, 'reactions') } },
      comments: { data: [], summary: { total_count: expected('facebook', id, 'comments') } },
      permalink_url: expect.any(String),
    });
    const full = await fb.read(id, 'reactions.summary(true),comments.summary(true).limit(0)');
    expect(full.body).toEqual({
      id,
      reactions: {
        data: [],
        summary: { total_count: expected('facebook', id, 'reactions'), viewer_reaction: 'NONE' },
      },
      comments: {
        data: [],
        summary: { order: 'ranked', total_count: expected('facebook', id, 'comments'), can_comment: true },
      },
    });
    expect((await fb.read(id, 'reactions')).body).toEqual({ id, reactions: { data: [] } });
  });

  it('answers video_insights of a reel; an unpublished reel has no data yet', async () => {
    const fb = page();
    const videoId = await publishReel(fb);
    const draft = await fb.post('video_reels', { upload_phase: 'start' });
    h.clock.advance(2 * DAY);
    const metric =
      'blue_reels_play_count,fb_reels_total_plays,post_impressions_unique,post_video_social_actions';
    const answer = await h.get(`${graph()}/${videoId}/video_insights`, {
      metric,
      access_token: fb.pageToken,
    });
    expect(answer.body).toEqual({
      data: metric.split(',').map((name) => ({
        name,
        period: 'lifetime',
        values: [{ value: expected('facebook', videoId, name) }],
        title: expect.any(String),
        description: expect.any(String),
        id: `${videoId}/video_insights/${name}/lifetime`,
      })),
    });
    const [plays, total] = answer.body.data.map((d: { values: { value: number }[] }) => d.values[0]?.value);
    expect(total).toBeGreaterThanOrEqual(plays);
    const fallback = await h.get(`${graph()}/${videoId}/video_insights`, { access_token: fb.pageToken });
    expect(fallback.body.data).toHaveLength(4);
    const unsimulated = await h.get(`${graph()}/${videoId}/video_insights`, {
      metric: 'post_video_avg_time_watched',
      access_token: fb.pageToken,
    });
    expect(unsimulated.body).toEqual({ data: [] });
    const none = await h.get(`${graph()}/${draft.body.video_id}/video_insights`, {
      metric: 'blue_reels_play_count',
      access_token: fb.pageToken,
    });
    expect(none.body).toEqual({ data: [] });
    const unknown = await h.get(`${graph()}/${videoId}/video_insights`, {
      metric: 'post_impressions',
      access_token: fb.pageToken,
    });
    expect(unknown.body.error.code).toBe(100);
    // The reel's post counts on the reel's curves.
    const postId = (await fb.read(videoId, 'post_id')).body.post_id;
    expect((await fb.read(postId, 'reactions.summary(total_count)')).body.reactions.summary).toEqual({
      total_count: expected('facebook', videoId, 'reactions'),
    });
  });

  it('needs pages_read_engagement, and answers the Page throttling code a test injects', async () => {
    const fb = page();
    const id = (await fb.post('feed', { message: 'Fresh bread' })).body.id;
    const videoId = await publishReel(fb);
    h.clock.advance(DAY);
    // The harness consents with the scopes "a,b": the Page token it gets holds only those.
    const consented = await connectPage(h, 'Bea Bakery');
    const permissions = await h.get(`${graph()}/me/permissions`, { access_token: consented.pageToken });
    expect(permissions.body.data).toEqual([
      { permission: 'a', status: 'granted' },
      { permission: 'b', status: 'granted' },
    ]);
    const refused = await fb.read(id, ENGAGEMENT, consented.pageToken);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 10,
      message: expect.stringContaining("requires the 'pages_read_engagement' permission"),
    });
    // Other fields need no engagement permission.
    expect((await fb.read(id, 'permalink_url', consented.pageToken)).status).toBe(200);
    const insights = await h.get(`${graph()}/${videoId}/video_insights`, {
      metric: 'blue_reels_play_count',
      access_token: consented.pageToken,
    });
    expect(insights.body.error.code).toBe(10);
    const minted = page('Bea Bakery', 'pages_show_list,pages_manage_posts,pages_read_engagement');
    expect((await fb.read(id, ENGAGEMENT, minted.pageToken)).status).toBe(200);
    h.sandbox.control.limitMetrics('facebook', 32);
    const limited = await fb.read(id, ENGAGEMENT);
    expect(limited.body.error).toMatchObject({ code: 32, message: '(#32) Page request limit reached' });
    expect((await fb.read(id, 'message')).status).toBe(200);
  });
});

describe('TikTok video/query and user info', () => {
  const FIELDS = 'id,title,create_time,share_url,view_count,like_count,comment_count,share_count';

  function creator(handle = 'bea_shop', scopes?: string) {
    const minted = mint('tiktok', handle, scopes);
    const token = String(minted.credentials.accessToken);
    const call = (path: string, body?: unknown) =>
      send(`${h.hosts.tiktok.api}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=UTF-8' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    return {
      openId: minted.platformAccountId,
      token,
      pull: () =>
        call('/v2/post/publish/video/init/', {
          post_info: { title: `Hello from ${handle}`, privacy_level: 'PUBLIC_TO_EVERYONE' },
          source_info: { source: 'PULL_FROM_URL', video_url: h.media.video },
        }),
      query: (ids: unknown[], fields = FIELDS) =>
        call(`/v2/video/query/?fields=${fields}`, { filters: { video_ids: ids } }),
      userInfo: (fields: string) =>
        send(`${h.hosts.tiktok.api}/v2/user/info/?fields=${fields}`, {
          method: 'GET',
          headers: { authorization: `Bearer ${token}` },
        }),
    };
  }

  /** Publishes a video by link and returns its post id once the sandbox published it. */
  async function published(tt: ReturnType<typeof creator>): Promise<string> {
    await tt.pull();
    h.clock.advance(2_000);
    const posts = h.sandbox.control.published('tiktok').filter((p) => p.accountId === tt.openId);
    const last = posts.at(-1);
    if (last === undefined) throw new Error('nothing published');
    return last.id;
  }

  it("answers the creator's videos with counts; other creators' ids are left out", async () => {
    const tt = creator();
    const first = await published(tt);
    const second = await published(tt);
    const other = await published(creator('someone_else'));
    h.clock.advance(DAY);
    const fresh = creator();
    const answer = await fresh.query([second, other, first, 'nope']);
    expect(answer.status).toBe(200);
    const video = (id: string) => ({
      id,
      title: 'Hello from bea_shop',
      create_time: Math.floor(publication('tiktok', id).at.getTime() / 1000),
      share_url: publication('tiktok', id).permalink,
      view_count: expected('tiktok', id, 'view_count'),
      like_count: expected('tiktok', id, 'like_count'),
      comment_count: expected('tiktok', id, 'comment_count'),
      share_count: expected('tiktok', id, 'share_count'),
    });
    expect(answer.body).toEqual({
      data: { videos: [video(second), video(first)] },
      error: { code: 'ok', message: '', log_id: expect.any(String) },
    });
    expect(answer.body.data.videos[0].view_count).toBeGreaterThan(0);
    const listed = await send(`${h.hosts.tiktok.api}/v2/video/list/?fields=id,view_count`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fresh.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ max_count: 20 }),
    });
    expect(listed.body.data.videos).toEqual([
      { id: second, view_count: expected('tiktok', second, 'view_count') },
      { id: first, view_count: expected('tiktok', first, 'view_count') },
    ]);
  });

  it('refuses more than 20 ids, bad filters and unknown fields with invalid_params', async () => {
    const tt = creator();
    const id = await published(tt);
    const many = Array.from({ length: 21 }, (_, i) => (i === 0 ? id : `7${String(i).padStart(18, '0')}`));
    const tooMany = await tt.query(many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({
      data: {},
      error: { code: 'invalid_params', message: expect.stringContaining('20'), log_id: expect.any(String) },
    });
    expect((await tt.query(many.slice(0, 20))).body.data.videos).toHaveLength(1);
    expect((await tt.query([])).body.error.code).toBe('invalid_params');
    expect((await tt.query([42])).body.error.code).toBe('invalid_params');
    expect((await tt.query([id], 'id,reach')).body.error.code).toBe('invalid_params');
  });

  it('needs video.list, and answers rate_limit_exceeded when a test throttles it', async () => {
    const id = await published(creator());
    const narrow = creator('bea_shop', 'user.info.basic,video.publish');
    const refused = await narrow.query([id]);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('scope_not_authorized');
    h.sandbox.control.limitMetrics('tiktok');
    const limited = await creator().query([id]);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limit_exceeded');
    h.sandbox.control.limitMetrics('tiktok', null);
    expect((await creator().query([id])).status).toBe(200);
  });

  it('grows follower_count with the clock and sums likes_count over the videos', async () => {
    const tt = creator();
    const id = await published(tt);
    const before = (await tt.userInfo('follower_count,likes_count')).body.data.user;
    expect(before.follower_count).toBe(simulatedFollowerCount('tiktok', 'bea_shop', h.clock.now()));
    h.clock.advance(10 * DAY);
    const after = (await creator().userInfo('follower_count,likes_count,video_count')).body.data.user;
    expect(after).toEqual({
      follower_count: simulatedFollowerCount('tiktok', 'bea_shop', h.clock.now()),
      likes_count: expected('tiktok', id, 'like_count'),
      video_count: 1,
    });
    expect(after.follower_count).toBeGreaterThan(before.follower_count);
  });
});

describe('YouTube statistics', () => {
  const api = () => `${h.hosts.youtube.api}/youtube/v3`;

  function channel(handle = 'shorts_maker') {
    const minted = mint('youtube', handle);
    const auth = { authorization: `Bearer ${String(minted.credentials.accessToken)}` };
    return {
      channelId: minted.platformAccountId,
      auth,
      videos: (ids: string, part = 'statistics') => h.get(`${api()}/videos`, { part, id: ids }, auth),
      channels: () => h.get(`${api()}/channels`, { part: 'statistics', mine: 'true' }, auth),
    };
  }

  async function upload(c: ReturnType<typeof channel>): Promise<string> {
    const bytes = randomBytes(1000);
    const started = await send(
      `${h.hosts.youtube.api}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`,
      {
        method: 'POST',
        headers: {
          ...c.auth,
          'content-type': 'application/json; charset=UTF-8',
          'x-upload-content-length': '1000',
        },
        body: JSON.stringify({
          snippet: { title: 'A Short #Shorts', description: '', categoryId: '22' },
          status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
        }),
      },
    );
    const done = await send(started.headers.get('location') ?? '', {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4' },
      body: bytes,
    });
    return done.body.id;
  }

  it('answers statistics as strings from the formula, favoriteCount "0", for 1 quota unit a call', async () => {
    const id = await upload(channel());
    h.clock.advance(5 * DAY);
    const c = channel();
    const used = h.sandbox.control.youtubeQuotaUsed();
    const answer = await c.videos(`${id},unknownvid01`);
    expect(answer.status).toBe(200);
    expect(h.sandbox.control.youtubeQuotaUsed()).toBe(used + 1);
    expect(answer.body).toMatchObject({
      kind: 'youtube#videoListResponse',
      pageInfo: { totalResults: 1, resultsPerPage: 1 },
      items: [
        {
          kind: 'youtube#video',
          id,
          statistics: {
            viewCount: String(expected('youtube', id, 'viewCount')),
            likeCount: String(expected('youtube', id, 'likeCount')),
            favoriteCount: '0',
            commentCount: String(expected('youtube', id, 'commentCount')),
          },
        },
      ],
    });
    expect(Number(answer.body.items[0].statistics.viewCount)).toBeGreaterThan(0);
    const stats = await c.channels();
    expect(stats.body.items[0].statistics).toEqual({
      viewCount: String(expected('youtube', id, 'viewCount')),
      subscriberCount: String(simulatedFollowerCount('youtube', 'shorts_maker', h.clock.now())),
      hiddenSubscriberCount: false,
      videoCount: '1',
    });
    h.clock.advance(30 * DAY);
    const grown = await channel().channels();
    expect(Number(grown.body.items[0].statistics.subscriberCount)).toBeGreaterThan(
      Number(stats.body.items[0].statistics.subscriberCount),
    );
  });

  it('refuses more than 50 ids with 400, and answers quotaExceeded when a test throttles statistics', async () => {
    const c = channel();
    const id = await upload(c);
    const ids = [id, ...Array.from({ length: 50 }, (_, i) => `missing${String(i).padStart(4, '0')}`)];
    const tooMany = await c.videos(ids.join(','));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({
      error: {
        code: 400,
        message: expect.any(String),
        errors: [{ message: expect.any(String), domain: 'youtube.parameter', reason: 'invalidValue' }],
        status: 'INVALID_ARGUMENT',
      },
    });
    expect((await c.videos(ids.slice(0, 50).join(','))).status).toBe(200);
    h.sandbox.control.limitMetrics('youtube');
    const limited = await c.videos(id);
    expect(limited.status).toBe(403);
    expect(limited.body.error.errors[0]).toMatchObject({ reason: 'quotaExceeded', domain: 'youtube.quota' });
    // Calls without statistics are not metrics calls.
    expect((await c.videos(id, 'status')).status).toBe(200);
    h.sandbox.control.limitMetrics('youtube', null);
    expect((await c.videos(id)).status).toBe(200);
  });
});
