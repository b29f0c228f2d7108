import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { openSqliteStore } from '@svc/store-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxWebhookSecret } from '../src/open-services.js';
import {
  publishInstagramPhoto,
  SANDBOX_SERVER_SECRET,
  type SandboxServer,
  seedUser,
  settled,
  startSandboxServer,
} from './sandbox-server.js';

// An Instagram comment automation through the whole server: an agent imports a template over
// the tool endpoint (check, draft, live), visitors comment on the simulator, the simulator
// delivers Meta's signed webhooks to /webhooks/instagram, and the server's replier answers.
const TEMPLATE = {
  svcTemplate: 1,
  name: 'Price list in DM',
  trigger: 'keyword',
  keyword: 'price',
  message: 'Hi! Our price list: https://example.com/prices',
  publicReply: 'Sent you a DM 📩',
  excludeKeywords: ['spam'],
};

/** Polls until `check` holds or the time runs out. */
async function eventually<T>(
  read: () => T | Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Instagram comment automations through the server', () => {
  let server: SandboxServer;
  let key: string;
  let accounts: Record<string, string>;
  let postId: string;
  let mediaId: string;
  let client: Client;

  beforeAll(async () => {
    server = await startSandboxServer();
    server.sandbox.control.setContainerReadyAfter({ image: 0, video: 0 });
    server.sandbox.control.instagram.setWebhookRetryDelays([50, 100, 200]);
    ({ key, accounts } = await seedUser(server, ['instagram']));
    const created = await publishInstagramPhoto(
      server,
      key,
      accounts.instagram as string,
      'Comment "price"!',
    );
    const post = await settled(server, key, created, 60_000);
    expect(post.status, post.failedReason).toBe('posted');
    postId = post.id;
    const [published] = server.sandbox.control.published('instagram');
    mediaId = published?.id ?? '';
    client = new Client({ name: 'automation-agent', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${key}` } },
      }),
    );
  }, 90_000);
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  const tool = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    return result.structuredContent as Record<string, any>;
  };

  it('answers the keyword comments once each, privately and publicly, and nothing else', async () => {
    const checked = await tool('svc_import_automation_template', { template: JSON.stringify(TEMPLATE) });
    expect(checked).toMatchObject({ saved: false, valid: true, template: TEMPLATE });
    const draft = await tool('svc_import_automation_template', {
      template: TEMPLATE,
      profile_id: accounts.instagram,
    });
    expect(draft.automation).toMatchObject({ state: 'draft', postId: null, needsReconnect: false });
    const live = await tool('svc_import_automation_template', {
      template: TEMPLATE,
      profile_id: accounts.instagram,
      post_id: postId,
    });
    expect(live.automation).toMatchObject({ state: 'live', postId });

    const { instagram } = server.sandbox.control;
    const alice = instagram.addComment({ mediaId, text: 'Price please!', username: 'alice' }).commentId;
    const bob = instagram.addComment({
      mediaId,
      text: 'what is the PRICE?',
      username: 'bob',
      duplicateDelivery: true,
    }).commentId;
    const carol = instagram.addComment({ mediaId, text: 'Lovely photo', username: 'carol' }).commentId;
    const own = instagram.addComment({ mediaId, text: 'The price is in the bio', asOwner: true }).commentId;
    await instagram.webhooksIdle();

    const threads = await eventually(
      () => instagram.comments(mediaId),
      (all) =>
        all.filter((c) => c.privateReply !== null).length === 2 &&
        all.flatMap((c) => c.replies).filter((r) => r.text === TEMPLATE.publicReply).length === 2,
    );
    const byId = new Map(threads.map((c) => [c.id, c]));
    for (const id of [alice, bob]) {
      expect(byId.get(id)?.privateReply?.text).toBe(TEMPLATE.message);
      expect(byId.get(id)?.replies.map((r) => r.text)).toEqual([TEMPLATE.publicReply]);
    }
    for (const id of [carol, own]) {
      expect(byId.get(id)?.privateReply).toBeNull();
      expect(byId.get(id)?.replies).toEqual([]);
    }
    // Bob's comment came twice and the public replies came back as webhooks: none changed anything.
    const bobDeliveries = instagram
      .webhookAttempts()
      .filter((a) => a.kind === 'event' && a.body.includes(bob) && a.status === 200);
    expect(bobDeliveries.length).toBeGreaterThanOrEqual(2);

    const listed = await eventually(
      () => server.call('/api/v1/automations', key),
      (r) => r.body.automations?.[0]?.counts?.skipped?.noKeyword === 1,
    );
    const [automation] = listed.body.automations;
    expect(automation).toMatchObject({
      id: live.automation.id,
      counts: {
        matched: 2,
        privateReplies: 2,
        publicReplies: 2,
        skipped: { noKeyword: 1, excluded: 0, tooOld: 0 },
        failed: 0,
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // a replier round more: still one each
    expect(instagram.comments(mediaId).filter((c) => c.privateReply !== null)).toHaveLength(2);

    const exported = await tool('svc_export_automation_template', { automation_id: live.automation.id });
    expect(exported.template).toEqual(TEMPLATE);
    const text = JSON.stringify(exported);
    for (const id of [postId, accounts.instagram, mediaId, 'ann_instagram']) expect(text).not.toContain(id);
  }, 60_000);

  it('lets the operator list, pause and resume automations with svc automations', async () => {
    const listed = await server.cli(['automations', 'list', '--email', 'ann@example.com']);
    expect(listed.code, listed.stderr).toBe(0);
    const live = listed.json.automations.find((a: { state: string }) => a.state === 'live');
    expect(live).toMatchObject({ profileId: accounts.instagram, postId, counts: { matched: 2 } });
    const paused = await server.cli(['automations', 'pause', live.id]);
    expect([paused.code, paused.json.state]).toEqual([0, 'paused']);
    const { instagram } = server.sandbox.control;
    const ignored = instagram.addComment({
      mediaId,
      text: 'price while paused',
      username: 'dora',
      // Made well before the resume (Meta's timestamps are whole seconds of its own clock).
      commentedAt: new Date(Date.now() - 30_000),
    }).commentId;
    await instagram.webhooksIdle();
    const resumed = await server.cli(['automations', 'resume', live.id]);
    expect([resumed.code, resumed.json.state]).toEqual([0, 'live']);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(instagram.comments(mediaId).find((c) => c.id === ignored)?.privateReply).toBeNull();
    const unknown = await server.cli(['automations', 'pause', 'auto_missing']);
    expect([unknown.code, unknown.stderr]).toEqual([1, 'svc: Automation auto_missing not found.\n']);
    const noEmail = await server.cli(['automations', 'list']);
    expect(noEmail.code).toBe(2);
  }, 30_000);

  it('refuses forged, unverified, non-JSON and oversized deliveries without touching the inbox', async () => {
    const url = `${server.url}/webhooks/instagram`;
    const wrongToken = await fetch(`${url}?hub.mode=subscribe&hub.challenge=42&hub.verify_token=guess`);
    const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;
    expect([wrongToken.status, await codeOf(wrongToken)]).toEqual([403, 'invalid_verify_token']);
    const body = JSON.stringify({
      object: 'instagram',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'comments',
              value: { id: 'forged-1', text: 'price', from: { id: 'x' }, media: { id: mediaId } },
            },
          ],
        },
      ],
    });
    const sign = (bytes: string | Buffer, secret = sandboxWebhookSecret(SANDBOX_SERVER_SECRET)) =>
      `sha256=${createHmac('sha256', secret).update(bytes).digest('hex')}`;
    const send = (bytes: string | Buffer, signature: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature },
        body: bytes,
      });
    const forged = await send(body, sign(body, 'not-the-app-secret'));
    expect([forged.status, await codeOf(forged)]).toEqual([401, 'invalid_signature']);
    const notJson = await send('{"object":', sign('{"object":'));
    expect([notJson.status, await codeOf(notJson)]).toEqual([400, 'invalid_json']);
    const huge = Buffer.alloc(1024 * 1024, 0x20);
    const tooLarge = await send(huge, sign(huge));
    expect([tooLarge.status, await codeOf(tooLarge)]).toEqual([413, 'payload_too_large']);
    const store = await openSqliteStore({ path: join(server.env.SVC_DATA_DIR as string, 'svc.db') });
    try {
      expect(await store.automations.getComment('forged-1')).toBeNull();
    } finally {
      await store.close();
    }
  });
});
