import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ConnectedAccount } from '@svc/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type McpTestApp, refusalOf, startMcpTestApp } from './mcp-test-app.js';

type Answer = Record<string, any>;

describe('post groups through the tools (group_id)', () => {
  let app: McpTestApp;
  let client: Client;
  let threads: ConnectedAccount;
  let facebook: ConnectedAccount;
  beforeEach(async () => {
    app = await startMcpTestApp();
    const { user, key } = await app.userWithKey({ scopes: ['*'] });
    threads = await app.account(user, { platform: 'threads', handle: 'studio' });
    facebook = await app.account(user, { platform: 'facebook', handle: 'studio-page' });
    client = await app.client(key);
  });
  afterEach(() => app.close());

  const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });
  const answer = async (name: string, args: Record<string, unknown>) => {
    const result = await call(name, args);
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    return result.structuredContent as Answer;
  };
  /** One svc_schedule_post call to Threads and Facebook: its two post ids. */
  const scheduleBoth = async () =>
    (
      await answer('svc_schedule_post', {
        caption: 'Launch day',
        profile_ids: [threads.id, facebook.id],
        scheduled_time: '2026-01-20T09:00:00Z',
      })
    ).postIds as string[];

  it('svc_get_post_status and svc_list_scheduled_posts name the group one call made', async () => {
    const [a, b] = await scheduleBoth();
    const first = await answer('svc_get_post_status', { post_id: a });
    const second = await answer('svc_get_post_status', { post_id: b });
    expect(first.groupId).toMatch(/^grp_/);
    expect(second.groupId).toBe(first.groupId);
    const listed = await answer('svc_list_scheduled_posts', {});
    expect(listed.posts.map((p: Answer) => p.groupId)).toEqual([first.groupId, first.groupId]);
  });

  it('svc_update_scheduled_post with group_id moves every post of the group', async () => {
    const [a, b] = await scheduleBoth();
    const groupId = (await answer('svc_get_post_status', { post_id: a })).groupId;
    const moved = await answer('svc_update_scheduled_post', {
      group_id: groupId,
      scheduled_time: '2026-01-22T10:00:00Z',
    });
    expect(moved.group.posts.map((p: Answer) => [p.id, p.scheduledTime])).toEqual([
      [a, '2026-01-22T10:00:00.000Z'],
      [b, '2026-01-22T10:00:00.000Z'],
    ]);
    expect(moved.updated).toEqual(['scheduled_time']);
    for (const id of [a, b]) {
      expect((await app.core.store.posts.getPost(id as string))?.scheduledTime).toEqual(
        new Date('2026-01-22T10:00:00Z'),
      );
    }
  });

  it('refuses both post_id and group_id, and a group edit of targets', async () => {
    const [a] = await scheduleBoth();
    const groupId = (await answer('svc_get_post_status', { post_id: a })).groupId;
    expect(
      refusalOf(await call('svc_update_scheduled_post', { post_id: a, group_id: groupId, caption: 'x' })),
    ).toMatchObject({ code: 'validation_failed' });
    expect(
      refusalOf(await call('svc_update_scheduled_post', { group_id: groupId, profile_ids: [threads.id] })),
    ).toMatchObject({ code: 'validation_failed' });
    expect(refusalOf(await call('svc_delete_scheduled_post', {}))).toMatchObject({
      code: 'validation_failed',
    });
    expect(refusalOf(await call('svc_delete_scheduled_post', { group_id: 'grp_unknown' }))).toMatchObject({
      code: 'post_not_found',
    });
  });

  it('svc_delete_scheduled_post with group_id deletes every unpublished post and reports a published one', async () => {
    const [a, b] = await scheduleBoth();
    const groupId = (await answer('svc_get_post_status', { post_id: a })).groupId;
    const posted = await app.core.store.posts.getPost(a as string);
    if (posted === null) throw new Error('no post');
    await app.core.store.posts.updatePost({ ...posted, status: 'posted', dueAt: null }, posted.version);
    const deleted = await answer('svc_delete_scheduled_post', { group_id: groupId });
    expect(deleted).toMatchObject({
      postId: b,
      deleted: true,
      group: { groupId, deletedPostIds: [b], skipped: [{ postId: a, platform: 'threads' }] },
    });
    expect((await app.core.store.posts.getPost(b as string))?.deletedAt).not.toBeNull();
    expect((await app.core.store.posts.getPost(a as string))?.deletedAt).toBeNull();
  });
});
