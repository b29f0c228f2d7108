import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ConnectedAccount, Post, User } from '@svc/core';
import { aPost, createRecordingPlatformGateway, TEST_AUTOMATION_PERMISSIONS } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type McpTestApp, refusalOf, startMcpTestApp } from './mcp-test-app.js';

type Answer = Record<string, any>;

const TEMPLATE_FILE = `{
  "svcTemplate": 1,
  "name": "Send the price list",
  "trigger": "keyword",
  "keywords": ["price", "prix"],
  "message": "Hi! Here is our price list: https://example.com/prices",
  "publicReply": "Sent you a DM",
  "excludeKeywords": ["spam"]
}`;

describe('automation template tools over the SDK client', () => {
  let app: McpTestApp;
  let user: User;
  let key: string;
  let instagram: ConnectedAccount;
  let published: Post;
  beforeEach(async () => {
    app = await startMcpTestApp({ platforms: { instagram: createRecordingPlatformGateway('instagram') } });
    ({ user, key } = await app.userWithKey());
    instagram = await app.account(user, {
      platform: 'instagram',
      handle: 'studio',
      sealedCredentials: app.core.secretBox.seal(
        JSON.stringify({ accessToken: 'i', permissions: [...TEST_AUTOMATION_PERMISSIONS] }),
      ),
    });
    published = aPost(user.id, instagram.id, { status: 'posted', dueAt: null, platformPostId: 'ig-media-1' });
    await app.core.store.posts.insertPosts({
      ownerId: user.id,
      at: app.core.clock.now(),
      posts: [published],
      idempotency: null,
      quota: { limit: 100, windowStart: new Date(0) },
    });
  });
  afterEach(() => app.close());

  const call = async (client: Client, name: string, args: Record<string, unknown>) =>
    client.callTool({ name, arguments: args });
  const answer = async (client: Client, name: string, args: Record<string, unknown>) => {
    const result = await call(client, name, args);
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    return result.structuredContent as Answer;
  };

  it('checks a template file, saves a draft, goes live, and exports an equal template without ids', async () => {
    const client = await app.client(key);
    const checked = await answer(client, 'svc_import_automation_template', { template: TEMPLATE_FILE });
    expect(checked).toEqual({
      saved: false,
      valid: true,
      template: JSON.parse(TEMPLATE_FILE),
      problems: [],
      automation: null,
    });
    expect(await app.core.store.automations.listAutomations(user.id, null)).toEqual([]);

    const draft = await answer(client, 'svc_import_automation_template', {
      template: TEMPLATE_FILE,
      profile_id: instagram.id,
    });
    expect(draft).toMatchObject({ saved: true, automation: { state: 'draft', postId: null } });
    const refusedExport = refusalOf(
      await call(client, 'svc_export_automation_template', { automation_id: draft.automation.id }),
    );
    expect(refusedExport.code).toBe('automation_is_draft');

    const live = await answer(client, 'svc_import_automation_template', {
      template: JSON.parse(TEMPLATE_FILE),
      profile_id: instagram.id,
      post_id: published.id,
    });
    expect(live.automation).toMatchObject({ state: 'live', postId: published.id, profileId: instagram.id });
    const exported = await answer(client, 'svc_export_automation_template', {
      automation_id: live.automation.id,
    });
    expect(exported.template).toEqual(JSON.parse(TEMPLATE_FILE));
    const text = JSON.stringify(exported);
    for (const secret of [instagram.id, published.id, 'studio', 'ig-media-1', user.id])
      expect(text).not.toContain(secret);
    const again = await answer(client, 'svc_import_automation_template', { template: exported.template });
    expect(again.template).toEqual(exported.template);
  });

  it('lists every problem of a check, and refuses them when saving', async () => {
    const client = await app.client(key);
    const broken = { svcTemplate: 1, name: '', trigger: 'keyword', mesage: 'hi' };
    const checked = await answer(client, 'svc_import_automation_template', { template: broken });
    expect(checked.valid).toBe(false);
    expect(checked.problems.map((p: { field: string }) => p.field).sort()).toEqual([
      'keyword',
      'mesage',
      'message',
      'name',
    ]);
    const refused = refusalOf(
      await call(client, 'svc_import_automation_template', { template: broken, profile_id: instagram.id }),
    );
    expect(refused.code).toBe('invalid_template');
    const notJson = await answer(client, 'svc_import_automation_template', {
      template: '{"svcTemplate": 1,',
    });
    expect(notJson.problems).toEqual([{ field: '(template)', message: 'The template is not valid JSON.' }]);
  });

  it('needs automation scopes, and hides automations of other users and accounts', async () => {
    const reader = await app.keyFor(user, ['post:read']);
    const noScope = refusalOf(
      await call(await app.client(reader), 'svc_import_automation_template', { template: TEMPLATE_FILE }),
    );
    expect(noScope).toMatchObject({
      code: 'insufficient_scope',
      details: { requiredScope: 'automation:write' },
    });
    const live = await answer(await app.client(key), 'svc_import_automation_template', {
      template: TEMPLATE_FILE,
      profile_id: instagram.id,
      post_id: published.id,
    });
    const stranger = (await app.userWithKey()).key;
    const foreign = refusalOf(
      await call(await app.client(stranger), 'svc_export_automation_template', {
        automation_id: live.automation.id,
      }),
    );
    expect(foreign.code).toBe('automation_not_found');
    const missing = refusalOf(
      await call(await app.client(key), 'svc_export_automation_template', { automation_id: 'auto_missing' }),
    );
    expect(missing.code).toBe('automation_not_found');
  });
});
