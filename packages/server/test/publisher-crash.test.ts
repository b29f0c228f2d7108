import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, settled, startSandboxServer } from './sandbox-server.js';
import { SVC_BIN } from './support.js';
import { verticalVideo } from './vertical-video.js';

// Kills a real `svc publisher` process with SIGKILL at every step of a multi-step publish, once
// before the platform applied the call and once after it applied it but before the publisher
// heard the answer, then starts a fresh publisher. Each post must end posted exactly once on the
// simulator: none lost, none duplicated.
const JPEG = readFileSync(join(import.meta.dirname, '../../media/test/fixtures/image.jpg'));
const LEASE_MS = 1_500;

/** The `occurrence`-th call (1 by default) of `operation`, killed `before` or `after` it applied. */
type CrashPoint = {
  readonly operation: string;
  readonly phase: 'before' | 'after';
  readonly occurrence?: number;
};
type CrashPlatform = 'instagram' | 'facebook' | 'tiktok' | 'youtube' | 'threads';

const INSTAGRAM_STEPS = [
  'instagram.publishing_limit',
  'instagram.create_container',
  'instagram.container_status',
  'instagram.publish',
  'instagram.media',
];
const FACEBOOK_REEL_STEPS = [
  'facebook.reels_start',
  'facebook.rupload',
  'facebook.reels_finish',
  'facebook.video_status',
];

describe('a publisher killed mid-publish', () => {
  let server: SandboxServer;
  let key: string;
  let accounts: Record<string, string>;
  let publisher: { child: ChildProcess; exited: Promise<void> } | null = null;

  const startPublisher = () => {
    const child = spawn(process.execPath, [SVC_BIN, 'publisher'], {
      env: {
        ...process.env,
        ...server.env,
        SVC_PUBLISHER_LEASE_MS: String(LEASE_MS),
        SVC_PUBLISHER_INTERVAL_MS: '1000',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    publisher = { child, exited };
    return publisher;
  };

  beforeAll(async () => {
    server = await startSandboxServer({ SVC_PUBLISHER: 'off' });
    server.sandbox.control.setContainerReadyAfter({ image: 0, video: 0 });
    // A crash right after a session was created makes a second session: more than the default
    // 10,000 units (six uploads) a day.
    server.sandbox.control.setQuota('youtube', 1_000_000);
    ({ key, accounts } = await seedUser(server, ['instagram', 'facebook', 'tiktok', 'youtube', 'threads']));
  }, 30_000);
  afterAll(async () => {
    publisher?.child.kill('SIGKILL');
    await server?.close();
  });

  const upload = (bytes: Uint8Array, name: string) => server.upload(key, bytes, name);

  async function crashAndRecover(
    platform: CrashPlatform,
    mediaId: string | undefined,
    point: CrashPoint,
    extra: (caption: string) => Record<string, unknown> = () => ({}),
  ) {
    const caption = `crash at ${point.operation} ${point.phase} ${Date.now()}`;
    let killed = false;
    let seen = 0;
    const victim = publisher ?? startPublisher();
    server.sandbox.control.intercept(async (call, phase) => {
      if (killed || call.operation !== point.operation || phase !== point.phase) return;
      seen += 1;
      if (seen < (point.occurrence ?? 1)) return;
      killed = true;
      victim.child.kill('SIGKILL');
      await victim.exited;
      if (phase === 'before') throw new Error('publisher killed before the call applied');
    });
    const created = await server.call('/api/v1/publish', key, {
      method: 'POST',
      json: {
        platforms: [platform],
        profileIds: [accounts[platform]],
        caption,
        ...(mediaId === undefined ? {} : { mediaId }),
        ...extra(caption),
      },
    });
    expect(created.status).toBe(200);
    const postId = created.body.postIds[0] as string;
    await victim.exited;
    server.sandbox.control.intercept(null);
    startPublisher(); // takes the post over once the dead publisher's lease runs out
    const post = await settled(server, key, postId, 60_000);
    const onPlatform = server.sandbox.control.published(platform).filter((p) => p.caption.includes(caption));
    return { post, onPlatform, killed };
  }

  it('publishes an Instagram image exactly once whatever step it dies at', async () => {
    const mediaId = await upload(JPEG, 'photo.jpg');
    for (const operation of INSTAGRAM_STEPS) {
      for (const phase of ['before', 'after'] as const) {
        const { post, onPlatform, killed } = await crashAndRecover('instagram', mediaId, {
          operation,
          phase,
        });
        expect(killed, `${operation} ${phase}`).toBe(true);
        expect(post.status, `${operation} ${phase}: ${post.failedReason}`).toBe('posted');
        expect(onPlatform, `${operation} ${phase}`).toHaveLength(1);
        expect(post.permalink).toBe(onPlatform[0]?.permalink);
        expect(post.permalink.startsWith(`${server.url}/sandbox/`)).toBe(true);
      }
    }
  }, 180_000);

  it('publishes a Facebook reel exactly once whatever step it dies at', async () => {
    const mediaId = await upload(
      readFileSync(join(import.meta.dirname, '../../media/test/fixtures/video.mp4')),
      'clip.mp4',
    );
    for (const operation of FACEBOOK_REEL_STEPS) {
      for (const phase of ['before', 'after'] as const) {
        const { post, onPlatform, killed } = await crashAndRecover('facebook', mediaId, { operation, phase });
        expect(killed, `${operation} ${phase}`).toBe(true);
        expect(post.status, `${operation} ${phase}: ${post.failedReason}`).toBe('posted');
        expect(onPlatform, `${operation} ${phase}`).toHaveLength(1);
      }
    }
  }, 180_000);

  // Uploads from our storage: 21 MiB goes to TikTok in two chunks (10 MiB, then 11 MiB with the
  // remainder) and to YouTube in three (8 + 8 + 5 MiB). Killed after a chunk arrived but before
  // the publisher heard so, the resumed upload must continue, not start a second video.
  const UPLOAD_CRASHES: Readonly<Record<'tiktok' | 'youtube', readonly CrashPoint[]>> = {
    tiktok: [
      { operation: 'tiktok.video_init', phase: 'after' },
      { operation: 'tiktok.upload_chunk', phase: 'after' },
      { operation: 'tiktok.upload_chunk', phase: 'before', occurrence: 2 },
      { operation: 'tiktok.upload_chunk', phase: 'after', occurrence: 2 },
      { operation: 'tiktok.status', phase: 'after' },
    ],
    youtube: [
      { operation: 'youtube.upload_start', phase: 'after' },
      { operation: 'youtube.upload_chunk', phase: 'after' },
      { operation: 'youtube.upload_chunk', phase: 'before', occurrence: 3 },
      { operation: 'youtube.upload_chunk', phase: 'after', occurrence: 3 },
      { operation: 'youtube.videos_list', phase: 'after' },
    ],
  };

  // The first comment goes after the post is live: killed once the post's permalink was read (the
  // live post not yet saved), right before the comment is sent and right after it was made but
  // before the publisher heard, the restarted publisher must leave exactly one post and one
  // comment, and report the comment posted.
  const FIRST_COMMENT_CRASHES: Readonly<Record<'instagram' | 'facebook' | 'youtube', readonly CrashPoint[]>> =
    {
      instagram: [
        { operation: 'instagram.media', phase: 'after' },
        { operation: 'instagram.create_comment', phase: 'before' },
        { operation: 'instagram.create_comment', phase: 'after' },
      ],
      facebook: [
        { operation: 'facebook.create_comment', phase: 'before' },
        { operation: 'facebook.create_comment', phase: 'after' },
      ],
      youtube: [
        { operation: 'youtube.comment_insert', phase: 'before' },
        { operation: 'youtube.comment_insert', phase: 'after' },
      ],
    };

  for (const platform of ['instagram', 'facebook', 'youtube'] as const) {
    it(`posts a ${platform} first comment exactly once whatever step it dies at`, async () => {
      const mediaId =
        platform === 'youtube'
          ? await upload(verticalVideo({ durationMs: 4_000, totalBytes: 512 * 1024 }), 'short.mp4')
          : await upload(JPEG, 'photo.jpg');
      for (const point of FIRST_COMMENT_CRASHES[platform]) {
        const label = `${point.operation} ${point.phase}`;
        const comment = `First! ${label} ${Date.now()}`;
        const extra = (caption: string) => ({
          ...(platform === 'youtube' ? { title: caption } : {}),
          platformMeta: { [platform]: { firstComment: comment } },
        });
        const { post, onPlatform, killed } = await crashAndRecover(platform, mediaId, point, extra);
        expect(killed, label).toBe(true);
        expect(post.status, `${label}: ${post.failedReason}`).toBe('posted');
        expect(onPlatform, label).toHaveLength(1);
        expect(post.firstComment, label).toEqual({ status: 'posted', id: expect.any(String), error: null });
        // The simulator's page of the post lists its comments: this one exactly once.
        const page = await (await fetch(post.permalink)).text();
        expect(page.split(comment).length - 1, label).toBe(1);
      }
    }, 240_000);
  }

  // A Threads reply chain of three parts (the second with a photo) after a text post. Part k's
  // calls are the (k+1)-th of each single-call step (two status reads each: before the publish is
  // recorded and before it is sent). Killed at every step of the middle part, around the live
  // post's save and around the first and last parts' publishes, the restarted publisher must
  // leave each part once, in order, each replying to the one before.
  const part = (k: number, operation: string, phase: 'before' | 'after'): CrashPoint => ({
    operation: `threads.${operation}`,
    phase,
    occurrence: k + 1,
  });
  const THREAD_CRASHES: readonly CrashPoint[] = [
    { operation: 'threads.media', phase: 'after' },
    part(1, 'publish', 'after'),
    ...['publishing_limit', 'create_container', 'publish', 'media'].flatMap((operation) =>
      (['before', 'after'] as const).map((phase) => part(2, operation, phase)),
    ),
    { operation: 'threads.container_status', phase: 'after', occurrence: 5 },
    { operation: 'threads.container_status', phase: 'after', occurrence: 6 },
    part(3, 'publish', 'after'),
    part(3, 'media', 'after'),
  ];

  it('publishes a Threads reply chain, each part exactly once and in order, whatever step it dies at', async () => {
    const photo = await upload(JPEG, 'photo.jpg');
    for (const point of THREAD_CRASHES) {
      const label = `${point.operation} #${point.occurrence ?? 1} ${point.phase}`;
      const extra = (caption: string) => ({
        platformMeta: {
          threads: {
            replyControl: 'mentioned_only',
            thread: [
              { caption: `${caption} part 1` },
              { caption: `${caption} part 2`, mediaIds: [photo] },
              { caption: `${caption} part 3` },
            ],
          },
        },
      });
      const { post, onPlatform, killed } = await crashAndRecover('threads', undefined, point, extra);
      expect(killed, label).toBe(true);
      expect(post.status, `${label}: ${post.failedReason}`).toBe('posted');
      expect(onPlatform, label).toHaveLength(4);
      const root = onPlatform.find((p) => p.replyTo === undefined);
      expect(root?.permalink, label).toBe(post.permalink);
      // Walk the chain from the post: each part replies to the one before.
      const chain = [];
      for (let at = root?.id; ; ) {
        const next = onPlatform.find((p) => p.replyTo === at);
        if (next === undefined) break;
        chain.push(next);
        at = next.id;
      }
      expect(
        chain.map((p) => p.caption.replace(/.* part /, 'part ')),
        label,
      ).toEqual(['part 1', 'part 2', 'part 3']);
      expect(
        onPlatform.map((p) => p.replyControl),
        label,
      ).toEqual(Array(4).fill('mentioned_only'));
      expect(post.thread, label).toEqual(
        chain.map((p) => ({ status: 'posted', id: p.id, permalink: p.permalink, error: null })),
      );
    }
  }, 480_000);

  for (const platform of ['tiktok', 'youtube'] as const) {
    it(`uploads a ${platform} video exactly once whatever chunk it dies at`, async () => {
      const mediaId = await upload(
        verticalVideo({ durationMs: 4_000, totalBytes: 21 * 1024 * 1024 }),
        'clip.mp4',
      );
      // The simulators record a TikTok video's caption and a YouTube video's title.
      const extra = (caption: string) =>
        platform === 'tiktok'
          ? { title: 'Crash test', platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY' } } }
          : { title: caption };
      for (const point of UPLOAD_CRASHES[platform]) {
        const label = `${point.operation} #${point.occurrence ?? 1} ${point.phase}`;
        const { post, onPlatform, killed } = await crashAndRecover(platform, mediaId, point, extra);
        expect(killed, label).toBe(true);
        expect(post.status, `${label}: ${post.failedReason}`).toBe('posted');
        expect(onPlatform, label).toHaveLength(1);
      }
    }, 300_000);
  }

  // The playlist step after processing (playlistItems.list, then insert when the video is not in
  // the playlist yet): killed before or after either call, the video ends in the playlist once.
  it('adds a YouTube video to its playlist exactly once whatever step it dies at', async () => {
    const mediaId = await upload(verticalVideo({ durationMs: 4_000, totalBytes: 300 * 1024 }), 'clip.mp4');
    if (publisher === null) startPublisher();
    const first = await server.call('/api/v1/publish', key, {
      method: 'POST',
      json: {
        platforms: ['youtube'],
        profileIds: [accounts.youtube],
        title: 'Channel probe',
        caption: 'x',
        mediaId,
      },
    });
    expect((await settled(server, key, first.body.postIds[0], 60_000)).status).toBe('posted');
    const channelId = server.sandbox.control
      .published('youtube')
      .find((p) => p.caption === 'Channel probe')?.accountId;
    const playlistId = server.sandbox.control.createYouTubePlaylist(channelId ?? '', 'Crash tests');
    for (const operation of ['youtube.playlist_items_list', 'youtube.playlist_items_insert']) {
      for (const phase of ['before', 'after'] as const) {
        const label = `${operation} ${phase}`;
        const { post, onPlatform, killed } = await crashAndRecover(
          'youtube',
          mediaId,
          { operation, phase },
          (caption) => ({
            title: caption,
            platformMeta: { youtube: { madeForKids: false, playlistId } },
          }),
        );
        expect(killed, label).toBe(true);
        expect(post.status, `${label}: ${post.failedReason}`).toBe('posted');
        expect(post.warning, label).toBeNull();
        expect(onPlatform, label).toHaveLength(1);
        const videoId = String(post.permalink).split('/').pop() ?? '';
        expect(server.sandbox.control.youtubeVideo(videoId)?.playlistIds, label).toEqual([playlistId]);
      }
    }
  }, 180_000);
});
