import {
  createCommentReplier,
  createPublisher,
  DEFAULT_COMMENT_REPLIER_OPTIONS,
  DEFAULT_PUBLISHER_OPTIONS,
} from '@svc/publisher';
import { describePostgres, type OutageProxy, startOutageProxy } from '@svc/store-postgres/testing';
import { afterEach, expect, it } from 'vitest';
import { createLogger, loadConfig, openServices, type Services } from '../src/index.js';
import { engineDeps } from '../src/start-publisher.js';
import {
  publishInstagramPhoto,
  type SandboxServer,
  seedUser,
  settled,
  startSandboxServer,
} from './sandbox-server.js';

// Comment repliers on PostgreSQL that lose the database right after Instagram took a reply, and
// one that dies holding leases: every comment ends with exactly one private and one public reply.
const COMMENTS = 6;
const LEASE_MS = 1_500;
let server: SandboxServer | null = null;
let proxy: OutageProxy | null = null;
const opened: Services[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.close().catch(() => {});
  await server?.close();
  await proxy?.close();
  server = null;
  proxy = null;
});

await describePostgres('comment repliers while PostgreSQL goes away', (db) => {
  it('lose and duplicate no reply across an outage and a replier that died holding leases', async () => {
    proxy = await startOutageProxy(db.url());
    // The API server takes the webhooks; replies come only from the repliers below.
    server = await startSandboxServer({ DATABASE_URL: db.url(), SVC_PUBLISHER: 'off' });
    server.sandbox.control.setContainerReadyAfter({ image: 0, video: 0 });
    server.sandbox.control.instagram.setWebhookRetryDelays([50, 100, 200]);
    const { key, accounts } = await seedUser(server, ['instagram']);
    const loaded = loadConfig({ ...server.env, DATABASE_URL: proxy.url }, process.cwd());
    if (!loaded.ok) throw new Error(loaded.error);
    const services = await openServices(loaded.config);
    opened.push(services);
    const deps = engineDeps(services, createLogger({ level: 'silent', destination: 'stdout' }));

    const created = await publishInstagramPhoto(server, key, accounts.instagram as string, 'Ask me');
    await createPublisher(deps, { ...DEFAULT_PUBLISHER_OPTIONS, leaseOwner: 'publisher' }).drain();
    const post = await settled(server, key, created, 30_000);
    expect(post.status, post.failedReason).toBe('posted');
    const template = {
      svcTemplate: 1,
      name: 'All',
      trigger: 'every_comment',
      message: 'Hi!',
      publicReply: 'DM sent',
    };
    const imported = await server.call('/api/v1/automations/import', key, {
      method: 'POST',
      json: { template, profileId: accounts.instagram, postId: post.id },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const mediaId = server.sandbox.control.published('instagram')[0]?.id ?? '';
    const { instagram } = server.sandbox.control;
    for (let i = 0; i < COMMENTS; i++)
      instagram.addComment({ mediaId, text: `question ${i}`, username: `visitor${i}` });
    await instagram.webhooksIdle();

    const replier = (leaseOwner: string) =>
      createCommentReplier(deps, { ...DEFAULT_COMMENT_REPLIER_OPTIONS, leaseOwner, leaseMs: LEASE_MS });
    // The database goes away right after Instagram took the third private reply.
    let replies = 0;
    server.sandbox.control.intercept((call, phase) => {
      if (phase === 'after' && call.operation === 'instagram.private_reply' && ++replies === 3)
        void proxy?.down();
    });
    await expect(replier('first').drain()).rejects.toThrow();
    server.sandbox.control.intercept(null);
    await proxy.up();
    const pause = () => new Promise((resolve) => setTimeout(resolve, LEASE_MS + 100));
    await pause();
    // A second replier claims two comments and dies (kill -9) before answering: its leases run out too.
    const killed = await services.core.store.automations.claimComments({
      now: new Date(),
      leaseOwner: 'killed',
      leaseUntil: new Date(Date.now() + LEASE_MS),
      limit: 2,
    });
    expect(killed.length).toBeGreaterThan(0);
    await pause();
    await replier('third').drain();

    const threads = instagram.comments(mediaId);
    expect(threads).toHaveLength(COMMENTS);
    for (const thread of threads) {
      expect(thread.privateReply?.text, thread.text).toBe('Hi!');
      expect(
        thread.replies.map((r) => r.text),
        thread.text,
      ).toEqual(['DM sent']);
    }
    const { body } = await server.call('/api/v1/automations', key);
    expect(body.automations[0].counts).toMatchObject({
      matched: COMMENTS,
      privateReplies: COMMENTS,
      publicReplies: COMMENTS,
      failed: 0,
    });
    expect(await replier('fourth').drain()).toBe(0);
  }, 90_000);
});
