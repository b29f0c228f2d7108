import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { recordBillingSubscription } from '@svc/core';
import { aPost, createRecordingPlatformGateway } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type McpTestApp, startMcpTestApp } from './mcp-test-app.js';

type Structured = Record<string, any>;

/**
 * One successful call of a tool: its arguments, from what earlier calls answered. Listed in the
 * order they run (a post is scheduled before its status is read, and deleted last).
 */
type Step = readonly [
  tool: string,
  args: (answers: ReadonlyMap<string, Structured>) => Record<string, unknown>,
];

describe('tool results', () => {
  let app: McpTestApp;
  beforeEach(async () => {
    app = await startMcpTestApp({
      platforms: {
        tiktok: createRecordingPlatformGateway('tiktok'),
        instagram: createRecordingPlatformGateway('instagram'),
      },
    });
  });
  afterEach(() => app.close());

  // MCP 2025-06-18, tools, "Structured content": a tool returning structured content SHOULD also
  // return it serialized in a text block, for clients that only show `content` to the model.
  it('every listed tool answers its structuredContent as JSON text first, then a summary', async () => {
    const { user, key } = await app.userWithKey();
    const threads = await app.account(user, { platform: 'threads', handle: 'studio' });
    const tiktok = await app.account(user, {
      platform: 'tiktok',
      sealedCredentials: app.core.secretBox.seal(JSON.stringify({ accessToken: 't' })),
    });
    const instagram = await app.account(user, {
      platform: 'instagram',
      sealedCredentials: app.core.secretBox.seal(JSON.stringify({ accessToken: 'i' })),
    });
    const published = aPost(user.id, instagram.id, {
      status: 'posted',
      dueAt: null,
      platformPostId: 'ig-media-1',
    });
    await app.core.store.posts.insertPosts({
      ownerId: user.id,
      at: app.core.clock.now(),
      posts: [published],
      idempotency: null,
      quota: { limit: 100, windowStart: new Date(0) },
    });
    const template = {
      svcTemplate: 1,
      name: 'Price',
      trigger: 'keyword',
      keyword: 'price',
      message: 'In your DMs!',
    };
    const image = 'https://cdn.example/photo.jpg';
    app.doubles.fetcher.serve(
      image,
      app.doubles.inspector.describe(new TextEncoder().encode(image), {
        contentType: 'image/jpeg',
        width: 1080,
        height: 1080,
      }),
    );
    (
      await recordBillingSubscription(app.core, user.email, {
        status: 'active',
        plan: 'pro',
        currentPeriodEnd: new Date('2026-02-01T00:00:00Z'),
        purchasedHandles: 1,
        providerCustomerId: 'cus_ABCDEFGH12345678',
      })
    )._unsafeUnwrap();
    const postId = (answers: ReadonlyMap<string, Structured>) =>
      answers.get('svc_schedule_post')?.postIds?.[0];
    const draftId = (answers: ReadonlyMap<string, Structured>) => answers.get('svc_draft_post')?.draftId;

    const steps: Step[] = [
      ['svc_list_profiles', () => ({})],
      ['svc_list_connected_social_accounts', () => ({})],
      ['svc_get_tiktok_posting_options', () => ({ profile_id: tiktok.id })],
      ['svc_validate_post_policy', () => ({ caption: 'Hello', platforms: ['threads'] })],
      ['svc_add_media_from_url', () => ({ url: image })],
      [
        'svc_schedule_post',
        () => ({ caption: 'Launch day', profile_ids: [threads.id], scheduled_time: '2026-01-20T09:00:00Z' }),
      ],
      ['svc_get_post_status', (answers) => ({ post_id: postId(answers) })],
      [
        'svc_update_scheduled_post',
        (answers) => ({ post_id: postId(answers), media_id: answers.get('svc_add_media_from_url')?.mediaId }),
      ],
      ['svc_list_scheduled_posts', () => ({ limit: 5 })],
      ['svc_draft_post', () => ({ content_hint: 'spring sale', profile_ids: [threads.id] })],
      ['svc_request_post_approval', (answers) => ({ post_id: draftId(answers), note: 'for Monday' })],
      ['svc_get_post_approval_status', (answers) => ({ post_id: draftId(answers) })],
      ['svc_get_account_summary', () => ({})],
      ['svc_get_billing_summary', () => ({})],
      ['svc_get_analytics', () => ({ days: 7, timezone: 'Europe/Paris' })],
      [
        'svc_import_automation_template',
        () => ({ template, profile_id: instagram.id, post_id: published.id }),
      ],
      [
        'svc_export_automation_template',
        (answers) => ({ automation_id: answers.get('svc_import_automation_template')?.automation?.id }),
      ],
      ['svc_get_queue', () => ({ profile_id: threads.id, include_suggestions: true })],
      ['svc_set_posting_slots', () => ({ profile_id: threads.id, use_suggestions: true })],
      ['svc_list_members', () => ({})],
      ['svc_delete_scheduled_post', (answers) => ({ post_id: postId(answers) })],
    ];

    const client: Client = await app.client(key);
    const answers = new Map<string, Structured>();
    const summaries = new Map<string, string>();
    for (const [tool, args] of steps) {
      const result = await client.callTool({ name: tool, arguments: args(answers) });
      const content = result.content as { type: string; text?: string }[];
      expect(result.isError, `${tool}: ${JSON.stringify(content)}`).toBeFalsy();
      expect(
        content.map((block) => block.type),
        tool,
      ).toEqual(['text', 'text']);
      expect(JSON.parse(content[0]?.text ?? 'null'), tool).toEqual(result.structuredContent);
      expect(content[1]?.text, tool).toMatch(/\S/);
      answers.set(tool, result.structuredContent as Structured);
      summaries.set(tool, content[1]?.text ?? '');
    }
    // No figures read yet: the summary says when they will be (the collection schedule), not just zeros.
    expect(summaries.get('svc_get_analytics')).toContain(
      'Figures are first read an hour after a post is published, then after 6 hours',
    );

    // A tool added to the listing without a successful call above fails here, not silently.
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(steps.map(([tool]) => tool).sort());
  });
});
