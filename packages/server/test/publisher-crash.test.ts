import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, settled, startSandboxServer } from './sandbox-server.js';
import { SVC_BIN } from './support.js';

// Kills a real `svc publisher` process with SIGKILL at every step of a multi-step publish, once
// before the platform applied the call and once after it applied it but before the publisher
// heard the answer, then starts a fresh publisher. Each post must end posted exactly once on the
// simulator: none lost, none duplicated.
const JPEG = readFileSync(join(import.meta.dirname, '../../media/test/fixtures/image.jpg'));
const LEASE_MS = 1_500;

type CrashPoint = { readonly operation: string; readonly phase: 'before' | 'after' };

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
    ({ key, accounts } = await seedUser(server, ['instagram', 'facebook']));
  }, 30_000);
  afterAll(async () => {
    publisher?.child.kill('SIGKILL');
    await server?.close();
  });

  const upload = async (bytes: Uint8Array, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    const res = await fetch(`${server.url}/api/v1/media`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      body: form,
    });
    return ((await res.json()) as { mediaId: string }).mediaId;
  };

  async function crashAndRecover(platform: 'instagram' | 'facebook', mediaId: string, point: CrashPoint) {
    const caption = `crash at ${point.operation} ${point.phase} ${Date.now()}`;
    let killed = false;
    const victim = publisher ?? startPublisher();
    server.sandbox.control.intercept(async (call, phase) => {
      if (killed || call.operation !== point.operation || phase !== point.phase) return;
      killed = true;
      victim.child.kill('SIGKILL');
      await victim.exited;
      if (phase === 'before') throw new Error('publisher killed before the call applied');
    });
    const created = await server.call('/api/v1/publish', key, {
      method: 'POST',
      json: { platforms: [platform], profileIds: [accounts[platform]], caption, mediaId },
    });
    expect(created.status).toBe(200);
    const postId = created.body.postIds[0] as string;
    await victim.exited;
    server.sandbox.control.intercept(null);
    startPublisher(); // takes the post over once the dead publisher's lease runs out
    const post = await settled(server, key, postId);
    const onPlatform = server.sandbox.control.published(platform).filter((p) => p.caption === caption);
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
});
