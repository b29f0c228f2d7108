import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createRecordingPlatformGateway, TEST_POSTING_OPTIONS } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type McpTestApp, refusalOf, startMcpTestApp } from './mcp-test-app.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('tools over the SDK client', () => {
  let app: McpTestApp;
  const tiktok = createRecordingPlatformGateway('tiktok');
  beforeEach(async () => {
    app = await startMcpTestApp({ platforms: { tiktok } });
  });
  afterEach(() => app.close());

  /** Serves a file at `url` whose bytes the inspector describes with `facts`. */
  const serve = (
    url: string,
    facts: { contentType: string; width?: number; height?: number; durationMs?: number },
  ) => app.doubles.fetcher.serve(url, app.doubles.inspector.describe(bytes(url), facts));

  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
    client.callTool({ name, arguments: args });

  it('connects statelessly and lists the tools with their annotations', async () => {
    const client = await app.client();
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.svc_get_post_status?.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
    });
    expect(byName.svc_schedule_post?.annotations).toMatchObject({
      readOnlyHint: false,
      idempotentHint: false,
    });
    expect(byName.svc_add_media_from_url?.annotations).toMatchObject({
      readOnlyHint: false,
      idempotentHint: true,
    });
    expect(byName.svc_schedule_post?.inputSchema.properties).toHaveProperty('profile_ids');
    await client.ping();
  });

  it('svc_list_profiles and svc_list_connected_social_accounts list only what the key may see', async () => {
    const { user } = await app.userWithKey();
    const a = await app.account(user, { platform: 'instagram', handle: 'shop', followerCount: 120 });
    const b = await app.account(user, { platform: 'tiktok', handle: 'shop_tt', needsReconnect: true });
    const limited = await app.keyFor(user, ['account:read'], [a.id]);
    const all = await app.keyFor(user, ['account:read']);

    const limitedResult = await call(await app.client(limited), 'svc_list_profiles');
    expect(limitedResult.structuredContent).toEqual({
      profiles: [{ id: a.id, platform: 'instagram', handle: 'shop' }],
      count: 1,
    });
    // The summary follows the JSON of the structured content.
    expect((limitedResult.content as { text: string }[])[1]?.text).toContain(`instagram @shop (${a.id})`);

    const accounts = await call(await app.client(all), 'svc_list_connected_social_accounts');
    const listed = (accounts.structuredContent as { accounts: Record<string, unknown>[] }).accounts;
    expect(listed.map((x) => [x.id, x.followerCount, x.needsReconnect])).toEqual([
      [a.id, 120, false],
      [b.id, null, true],
    ]);
    expect(JSON.stringify(accounts)).not.toContain('sealed');
  });

  it('refuses a tool whose scope the key lacks with an isError result carrying the code', async () => {
    const { key } = await app.userWithKey({ scopes: ['post:read'] });
    const result = await call(await app.client(key), 'svc_list_profiles');
    expect(refusalOf(result)).toMatchObject({
      code: 'insufficient_scope',
      details: { requiredScope: 'account:read' },
    });
  });

  it('refuses invalid arguments with validation_failed', async () => {
    const { key } = await app.userWithKey();
    const client = await app.client(key);
    expect(refusalOf(await call(client, 'svc_get_post_status', {})).code).toBe('validation_failed');
    expect(refusalOf(await call(client, 'svc_get_post_status', { postId: 'x' })).code).toBe(
      'validation_failed',
    );
  });

  it('svc_validate_post_policy analyses with camelCase mediaUrlsCount and platformMeta', async () => {
    const { key } = await app.userWithKey({ scopes: ['post:read'] });
    const client = await app.client(key);
    const failing = await call(client, 'svc_validate_post_policy', {
      caption: 'Hello',
      platforms: ['instagram', 'youtube'],
      mediaUrlsCount: 0,
    });
    const result = failing.structuredContent as { ok: boolean; errors: { code: string; platform: string }[] };
    expect(result.ok).toBe(false);
    expect(result.errors.map((e) => [e.code, e.platform])).toEqual(
      expect.arrayContaining([
        ['media_required', 'instagram'],
        ['title_required', 'youtube'],
      ]),
    );
    const passing = await call(client, 'svc_validate_post_policy', {
      caption: 'Hello',
      platforms: ['tiktok'],
      mediaUrlsCount: 1,
      title: 'A title',
      platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY' } },
    });
    expect((passing.structuredContent as { ok: boolean }).ok).toBe(true);
  });

  it('svc_add_media_from_url imports once and returns the same id again; AVIF is refused with advice', async () => {
    const { key } = await app.userWithKey({ scopes: ['media:write'] });
    const client = await app.client(key);
    serve('https://cdn.example/cat.jpg', { contentType: 'image/jpeg', width: 1080, height: 1350 });
    const first = (await call(client, 'svc_add_media_from_url', { url: 'https://cdn.example/cat.jpg' }))
      .structuredContent as Record<string, unknown>;
    expect(first).toMatchObject({ success: true, contentType: 'image/jpeg', width: 1080, reused: false });
    expect(first.url).toMatch(/^http:\/\/localhost:3000\/media\//);
    const again = (await call(client, 'svc_add_media_from_url', { url: 'https://cdn.example/cat.jpg' }))
      .structuredContent as Record<string, unknown>;
    expect(again).toMatchObject({ mediaId: first.mediaId, reused: true });

    serve('https://cdn.example/cat.avif', { contentType: 'image/avif', width: 1080, height: 1350 });
    const avif = refusalOf(
      await call(client, 'svc_add_media_from_url', { url: 'https://cdn.example/cat.avif' }),
    );
    expect(avif.code).toBe('media_url_unsupported_type');
    expect(avif.error).toContain('Export the image as JPEG or PNG');
  });

  it('svc_get_tiktok_posting_options reads the creator options; other platforms are refused', async () => {
    const { user, key } = await app.userWithKey({ scopes: ['account:read'] });
    const creator = await app.account(user, {
      platform: 'tiktok',
      sealedCredentials: app.core.secretBox.seal(JSON.stringify({ accessToken: 't' })),
    });
    const insta = await app.account(user, { platform: 'instagram' });
    const client = await app.client(key);
    const result = await call(client, 'svc_get_tiktok_posting_options', { profile_id: creator.id });
    expect(result.structuredContent).toEqual({
      ...TEST_POSTING_OPTIONS,
      profileId: creator.id,
      platform: 'tiktok',
      fetchedAt: app.core.clock.now().toISOString(),
    });
    // TikTok's consent sentences travel with the options, for the agent to tell the person.
    const summary = (result as { content: { text: string }[] }).content[1]?.text ?? '';
    expect(summary).toContain("By posting, you agree to TikTok's Music Usage Confirmation.");
    expect(summary).toContain("TikTok's Branded Content Policy and Music Usage Confirmation.");
    expect(
      refusalOf(await call(client, 'svc_get_tiktok_posting_options', { profile_id: insta.id })).code,
    ).toBe('invalid_profile_ids');
  });

  it('svc_get_post_status returns media as ids in slide order and hides posts of other keys', async () => {
    const { user, key } = await app.userWithKey();
    const account = await app.account(user, { platform: 'instagram' });
    serve('https://cdn.example/1.jpg', { contentType: 'image/jpeg', width: 1080, height: 1080 });
    serve('https://cdn.example/2.jpg', { contentType: 'image/jpeg', width: 1080, height: 1080 });
    const client = await app.client(key);
    const scheduled = (
      await call(client, 'svc_schedule_post', {
        caption: 'Two slides',
        platforms: ['instagram'],
        media_urls: ['https://cdn.example/1.jpg', 'https://cdn.example/2.jpg'],
      })
    ).structuredContent as { postIds: string[] };
    const [postId] = scheduled.postIds;
    const post = await app.core.store.posts.getPost(postId ?? '');
    const mediaIds = post?.media.map((m) => (m.kind === 'asset' ? m.mediaId : m.url));
    if (post === null) throw new Error('no post');
    await app.core.store.posts.updatePost(
      {
        ...post,
        status: 'posted',
        publishedAt: new Date('2026-01-15T12:01:00Z'),
        permalink: 'https://instagram.example/p/1',
      },
      post.version,
    );
    const status = await call(client, 'svc_get_post_status', { post_id: postId });
    expect(status.structuredContent).toMatchObject({
      id: postId,
      status: 'posted',
      platforms: ['instagram'],
      profileIds: [account.id],
      mediaIds,
      // Every slide's link, as REST lists them: the tool answers with the same presenter.
      mediaUrls: [
        expect.stringContaining(`/media/${mediaIds?.[0]}`),
        expect.stringContaining(`/media/${mediaIds?.[1]}`),
      ],
      publishedAt: '2026-01-15T12:01:00.000Z',
      permalink: 'https://instagram.example/p/1',
      failedReason: null,
    });
    expect(mediaIds).toHaveLength(2);

    const other = await app.userWithKey();
    const foreign = await call(await app.client(other.key), 'svc_get_post_status', { post_id: postId });
    expect(refusalOf(foreign).code).toBe('post_not_found');
  });
});

describe('svc_schedule_post', () => {
  let app: McpTestApp;
  beforeEach(async () => {
    app = await startMcpTestApp();
  });
  afterEach(() => app.close());

  const serve = (
    url: string,
    facts: { contentType: string; width?: number; height?: number; durationMs?: number },
  ) => app.doubles.fetcher.serve(url, app.doubles.inspector.describe(bytes(url), facts));
  const schedule = async (client: Client, args: Record<string, unknown>) =>
    client.callTool({ name: 'svc_schedule_post', arguments: args });

  it('targets the one account of a platform directly and says what will publish', async () => {
    const { user, key } = await app.userWithKey({ scopes: ['post:write'] });
    const account = await app.account(user, { platform: 'instagram' });
    serve('https://cdn.example/a.jpg', { contentType: 'image/jpeg', width: 1080, height: 1350 });
    serve('https://cdn.example/b.jpg', { contentType: 'image/jpeg', width: 1080, height: 1350 });
    serve('https://cdn.example/c.jpg', { contentType: 'image/jpeg', width: 1080, height: 1350 });
    const result = await schedule(await app.client(key), {
      caption: 'Three of them',
      platforms: ['instagram'],
      media_urls: ['https://cdn.example/a.jpg', 'https://cdn.example/b.jpg', 'https://cdn.example/c.jpg'],
      scheduled_time: '2026-01-16T09:00:00Z',
    });
    expect(result.isError).toBeFalsy();
    const answer = result.structuredContent as Record<string, any>;
    expect(answer).toMatchObject({
      scheduled: true,
      status: 'scheduled',
      scheduledTime: '2026-01-16T09:00:00.000Z',
      targets: [{ profileId: account.id, platform: 'instagram' }],
      publications: [
        { platform: 'instagram', format: 'carousel', slides: 3, description: 'a 3-slide Instagram carousel' },
      ],
    });
    expect(answer.postIds).toHaveLength(1);
    expect(answer.notes.join(' ')).toContain('slide 1');
  });

  it('asks which accounts when a platform has several, and schedules with profile_ids or all_accounts', async () => {
    const { user, key } = await app.userWithKey();
    const one = await app.account(user, { platform: 'threads', handle: 'one' });
    const two = await app.account(user, { platform: 'threads', handle: 'two' });
    const fb = await app.account(user, { platform: 'facebook', handle: 'page' });
    const client = await app.client(key);

    const asked = await schedule(client, { caption: 'Hi', platforms: ['threads', 'facebook'] });
    expect(asked.structuredContent).toMatchObject({
      scheduled: false,
      needsAccountChoice: [
        {
          platform: 'threads',
          accounts: [
            { id: one.id, handle: 'one' },
            { id: two.id, handle: 'two' },
          ],
        },
      ],
    });
    expect(asked.structuredContent).not.toHaveProperty('postIds');

    const chosen = (await schedule(client, { caption: 'Hi', profile_ids: [two.id] }))
      .structuredContent as Record<string, any>;
    expect(chosen.targets).toEqual([
      {
        postId: chosen.postIds[0],
        profileId: two.id,
        platform: 'threads',
        mediaIds: [],
        platformMediaIds: [],
        scheduledTime: chosen.scheduledTime,
      },
    ]);
    expect(chosen.publications).toEqual([
      { platform: 'threads', format: 'text', slides: 0, description: 'a Threads text post' },
    ]);

    const everyone = (
      await schedule(client, { caption: 'Hi all', platforms: ['threads', 'facebook'], all_accounts: true })
    ).structuredContent as Record<string, any>;
    expect(everyone.targets.map((t: { profileId: string }) => t.profileId).sort()).toEqual(
      [one.id, two.id, fb.id].sort(),
    );
  });

  it('describes reels, photo sets and first-slide-only platforms from the media bytes', async () => {
    const { user, key } = await app.userWithKey();
    await app.account(user, { platform: 'facebook' });
    await app.account(user, { platform: 'instagram' });
    await app.account(user, { platform: 'tiktok' });
    serve('https://cdn.example/v.mp4', {
      contentType: 'video/mp4',
      width: 1080,
      height: 1920,
      durationMs: 20_000,
    });
    serve('https://cdn.example/p1.jpg', { contentType: 'image/jpeg', width: 1080, height: 1920 });
    serve('https://cdn.example/p2.jpg', { contentType: 'image/jpeg', width: 1080, height: 1920 });
    const client = await app.client(key);
    const reel = (
      await schedule(client, {
        caption: 'Clip',
        platforms: ['instagram', 'facebook'],
        media_urls: ['https://cdn.example/v.mp4'],
      })
    ).structuredContent as Record<string, any>;
    expect(reel.publications.map((p: { format: string }) => p.format)).toEqual(['reel', 'reel']);

    const set = await schedule(client, {
      caption: 'Photos',
      title: 'Photos',
      platforms: ['tiktok', 'facebook'],
      media_urls: ['https://cdn.example/p1.jpg', 'https://cdn.example/p2.jpg'],
      platform_meta: { tiktok: { privacyLevel: 'SELF_ONLY' } },
    });
    expect(set.isError, JSON.stringify(set.content)).toBeFalsy();
    const described = (set.structuredContent as Record<string, any>).publications;
    expect(described).toEqual([
      { platform: 'tiktok', format: 'photo_set', slides: 2, description: 'a 2-photo TikTok photo set' },
      {
        platform: 'facebook',
        format: 'photo',
        slides: 1,
        description: 'a Facebook Page photo post (first slide only; Facebook leaves out the other 1)',
      },
    ]);
  });

  it('refuses photo sets of mixed shapes, AVIF/HEIC files and several media forms at once', async () => {
    const { user, key } = await app.userWithKey();
    await app.account(user, { platform: 'instagram' });
    serve('https://cdn.example/tall.jpg', { contentType: 'image/jpeg', width: 1080, height: 1350 });
    serve('https://cdn.example/square.jpg', { contentType: 'image/jpeg', width: 1080, height: 1080 });
    serve('https://cdn.example/photo.heic', { contentType: 'image/heic', width: 1080, height: 1080 });
    const client = await app.client(key);
    const mixed = refusalOf(
      await schedule(client, {
        caption: 'Mixed',
        platforms: ['instagram'],
        media_urls: ['https://cdn.example/tall.jpg', 'https://cdn.example/square.jpg'],
      }),
    );
    expect(mixed.code).toBe('mixed_image_sizes');
    expect(mixed.error).toContain('1080x1350 on slide 1; 1080x1080 on slide 2');

    const heic = refusalOf(
      await schedule(client, {
        caption: 'Heic',
        platforms: ['instagram'],
        media_urls: ['https://cdn.example/photo.heic'],
      }),
    );
    expect(heic.code).toBe('media_url_unsupported_type');
    expect(heic.error).toMatch(/^Slide 1: .*JPEG/);

    const both = refusalOf(
      await schedule(client, { caption: 'x', platforms: ['instagram'], media_id: 'm1', media_ids: ['m2'] }),
    );
    expect(both.code).toBe('ambiguous_media');
  });

  it('passes createPosts refusals through: past times, missing TikTok privacy level, foreign profiles', async () => {
    const { user, key } = await app.userWithKey();
    await app.account(user, { platform: 'instagram' });
    const other = await app.userWithKey();
    const foreign = await app.account(other.user, { platform: 'instagram' });
    serve('https://cdn.example/x.jpg', { contentType: 'image/jpeg', width: 1080, height: 1080 });
    const client = await app.client(key);
    const past = refusalOf(
      await schedule(client, {
        caption: 'Late',
        platforms: ['instagram'],
        media_urls: ['https://cdn.example/x.jpg'],
        scheduled_time: '2020-01-01T00:00:00Z',
      }),
    );
    expect(past.code).toBe('scheduled_time_in_past');
    const notMine = refusalOf(await schedule(client, { caption: 'x', profile_ids: [foreign.id] }));
    expect(notMine.code).toBe('invalid_profile_ids');
    const limitedKey = await app.keyFor(user, ['post:read']);
    const noScope = refusalOf(
      await schedule(await app.client(limitedKey), { caption: 'x', platforms: ['instagram'] }),
    );
    expect(noScope.code).toBe('insufficient_scope');
  });
});
