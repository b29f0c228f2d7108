import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  publishInstagramPhoto,
  type SandboxServer,
  seedUser,
  settled,
  startSandboxServer,
} from './sandbox-server.js';
import { SVC_BIN } from './support.js';

// Kills a real `svc publisher` process (which runs the comment replier) with SIGKILL right after
// Instagram applied a reply but before the replier heard of it, then starts a fresh one. Every
// comment must end with exactly one private reply and one public reply on the simulator, and the
// automation's counts must say so.
const LEASE_MS = 1_500;
const TEMPLATE = {
  svcTemplate: 1,
  name: 'Crash-proof replies',
  trigger: 'every_comment',
  message: 'Thanks! Details in your inbox.',
  publicReply: 'Sent you a DM',
};

describe('a comment replier killed between sending and recording', () => {
  let server: SandboxServer;
  let key: string;
  let accounts: Record<string, string>;
  let mediaId: string;
  let automationId: string;
  let worker: { child: ChildProcess; exited: Promise<void> } | null = null;

  const startWorker = () => {
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
    worker = { child, exited };
    return worker;
  };

  beforeAll(async () => {
    server = await startSandboxServer({ SVC_PUBLISHER: 'off' });
    server.sandbox.control.setContainerReadyAfter({ image: 0, video: 0 });
    server.sandbox.control.instagram.setWebhookRetryDelays([50, 100, 200]);
    ({ key, accounts } = await seedUser(server, ['instagram']));
    startWorker();
    const created = await publishInstagramPhoto(server, key, accounts.instagram as string, 'Say anything');
    const post = await settled(server, key, created, 60_000);
    expect(post.status, post.failedReason).toBe('posted');
    mediaId = server.sandbox.control.published('instagram')[0]?.id ?? '';
    const imported = await server.call('/api/v1/automations/import', key, {
      method: 'POST',
      json: { template: TEMPLATE, profileId: accounts.instagram, postId: post.id },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    automationId = imported.body.automation.id;
  }, 90_000);
  afterAll(async () => {
    worker?.child.kill('SIGKILL');
    await server?.close();
  });

  async function repliedOnce(commentId: string, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const thread = server.sandbox.control.instagram.comments(mediaId).find((c) => c.id === commentId);
      if (thread?.privateReply != null && thread.replies.length > 0) {
        await new Promise((resolve) => setTimeout(resolve, 2 * LEASE_MS)); // anything more would show by now
        return server.sandbox.control.instagram.comments(mediaId).find((c) => c.id === commentId);
      }
      if (Date.now() > deadline)
        throw new Error(`comment ${commentId} not answered: ${JSON.stringify(thread)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  for (const operation of ['instagram.private_reply', 'instagram.reply_comment']) {
    it(`sends one private and one public reply when killed right after ${operation}`, async () => {
      const victim = worker ?? startWorker();
      let killed = false;
      server.sandbox.control.intercept(async (call, phase) => {
        if (killed || call.operation !== operation || phase !== 'after') return;
        killed = true;
        victim.child.kill('SIGKILL');
        await victim.exited;
      });
      const { commentId } = server.sandbox.control.instagram.addComment({
        mediaId,
        text: `hello ${operation}`,
      });
      await victim.exited;
      server.sandbox.control.intercept(null);
      expect(killed).toBe(true);
      startWorker(); // takes the comment over once the dead replier's lease runs out
      const thread = await repliedOnce(commentId);
      expect(thread?.privateReply?.text).toBe(TEMPLATE.message);
      expect(thread?.replies.map((r) => r.text)).toEqual([TEMPLATE.publicReply]);
    }, 60_000);
  }

  it('counts each reply once', async () => {
    // The restarted replier records the last public reply on its own schedule: wait for it, then
    // the counts must be exact (a repeat would show 3).
    const counts = async () => {
      const { body } = await server.call('/api/v1/automations', key);
      return body.automations.find((a: { id: string }) => a.id === automationId).counts;
    };
    await expect.poll(counts, { timeout: 15_000 }).toMatchObject({
      matched: 2,
      privateReplies: 2,
      publicReplies: 2,
      failed: 0,
    });
  }, 30_000);
});
