import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, settled, startSandboxServer } from './sandbox-server.js';
import { verticalVideo } from './vertical-video.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

// A Google Cloud project that has not passed Google's YouTube API audit gets every upload locked
// to private. Through the whole server: the sandbox's unaudited switch, the publisher reading the
// privacy back, and the warning on every surface an integrator reads (REST, the tools, webhooks).
describe('a YouTube upload locked to private by an unaudited project', () => {
  let server: SandboxServer;
  let receiver: WebhookReceiver;
  let key: string;
  let channel: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startSandboxServer({ SVC_UNSAFE_ALLOW_PRIVATE_FETCH: '1' });
    server.sandbox.control.setContainerReadyAfter({ image: 0, video: 0 });
    let accounts: Record<string, string>;
    ({ key, accounts } = await seedUser(server, ['youtube']));
    channel = accounts.youtube as string;
    const created = await server.call('/api/v1/webhooks', key, {
      method: 'POST',
      json: { url: `${receiver.url}/hooks`, events: ['post.published'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    receiver.setSecret(created.body.secret);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  const publishShort = async (title: string) => {
    const bytes = verticalVideo({ durationMs: 10_000, totalBytes: 512 * 1024 });
    const mediaId = await server.upload(key, bytes, 'short.mp4');
    const created = await server.call('/api/v1/publish', key, {
      method: 'POST',
      json: { platforms: ['youtube'], profileIds: [channel], title, caption: 'From the sandbox', mediaId },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.postIds[0] as string;
  };
  const publishedHook = async (postId: string) => {
    await receiver.waitFor(
      () => receiver.received.some((r) => r.type === 'post.published' && r.data.id === postId),
      30_000,
      `post.published of ${postId}`,
    );
    return receiver.received.find((r) => r.type === 'post.published' && r.data.id === postId);
  };

  it('publishes the post with a warning that REST, the tools and the post.published webhook all carry', async () => {
    server.sandbox.control.setYouTubeProjectAudited(false);
    const postId = await publishShort('Locked #Shorts');
    const post = await settled(server, key, postId, 60_000);
    expect(post).toMatchObject({ status: 'posted', failedReason: null });
    expect(post.warning).toContain('YouTube published the video as private, not public as asked.');
    expect(post.warning).toContain('YouTube API Services audit and quota extension form');

    const tool = await server.callTool(key, 'svc_get_post_status', { post_id: postId });
    expect(tool.isError).toBeFalsy();
    expect(tool.structuredContent.warning).toBe(post.warning);
    expect(tool.content[1]?.text).toContain(`Warning: ${post.warning}`);
    const listed = await server.callTool(key, 'svc_list_scheduled_posts', { status: 'posted' });
    expect(listed.structuredContent.posts.find((p: { id: string }) => p.id === postId).warning).toBe(
      post.warning,
    );

    const hook = await publishedHook(postId);
    expect(hook?.data).toMatchObject({ id: postId, status: 'posted', warning: post.warning });
  }, 90_000);

  it('publishes without a warning once the project is audited', async () => {
    server.sandbox.control.setYouTubeProjectAudited(true);
    const postId = await publishShort('Open #Shorts');
    const post = await settled(server, key, postId, 60_000);
    expect(post).toMatchObject({ status: 'posted', warning: null });
    expect((await publishedHook(postId))?.data.warning).toBeNull();
  }, 90_000);
});
