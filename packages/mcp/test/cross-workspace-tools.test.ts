import { ROLE_MATRIX, ROLES, type TeamAction } from '@svc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../src/tools/tools.js';
import { refusalOf } from './mcp-test-app.js';
import {
  FUTURE,
  IMAGE_URL,
  type SeededWorkspace,
  seedWorkspace,
  startTeamWorld,
  type TeamWorld,
} from './team-world.js';

// Issue 36, Done when #2, through the agent tools: a member of workspace A, whatever their role,
// reaches nothing of workspace B by id. Each tool naming B's post, account, media or automation
// answers what REST answers (`*_not_found`, `invalid_profile_ids` for an account), or `role_not_allowed` when the role may not use
// the tool at all; B's things are unchanged afterwards and A's lists never show them.

let w: TeamWorld;
let bKey: string;
let b: SeededWorkspace & {
  postId: string;
  groupId: string;
  draftId: string;
  mediaId: string;
  automationId: string;
};

beforeAll(async () => {
  w = await startTeamWorld();
  const other = await w.app.userWithKey();
  bKey = other.key;
  const seeded = await seedWorkspace(w.app, other.user.id);
  const made = (path: string, json: unknown) => w.made({ method: 'POST', path, json }, bKey);
  const post = await made('/api/v1/posts', {
    platforms: ['threads', 'facebook'],
    profileIds: [seeded.threads.id, seeded.facebook.id],
    caption: 'B only',
    scheduledTime: FUTURE,
  });
  b = {
    ...seeded,
    postId: post.postIds[0],
    groupId: post.groupId,
    draftId: (await made('/api/v1/drafts', { caption: 'B draft', profileIds: [seeded.threads.id] })).id,
    mediaId: (await made('/api/v1/media/from-url', { url: IMAGE_URL })).mediaId,
    automationId: (
      await made('/api/v1/automations/import', {
        template: TEMPLATE,
        profileId: seeded.instagram.id,
        postId: seeded.publishedId,
      })
    ).automation.id,
  };
});
afterAll(async () => {
  await w.app.close();
});

const TEMPLATE = {
  svcTemplate: 1,
  name: 'Price',
  trigger: 'keyword',
  keyword: 'price',
  message: 'In your DMs!',
};

/**
 * Each call names something of B's, with the code REST answers for the same thing (an account of
 * another workspace is `invalid_profile_ids` there too). `gate`: the action checked before the
 * item is read, when it is not the tool's (an edit is `post:draft` until the post is read: a
 * draft's edit is a contributor's).
 */
const CALLS: readonly {
  name: string;
  args: () => Record<string, unknown>;
  code: string;
  gate?: TeamAction;
}[] = [
  { name: 'svc_get_post_status', args: () => ({ post_id: b.postId }), code: 'post_not_found' },
  { name: 'svc_get_post_approval_status', args: () => ({ post_id: b.draftId }), code: 'post_not_found' },
  { name: 'svc_request_post_approval', args: () => ({ post_id: b.draftId }), code: 'post_not_found' },
  {
    name: 'svc_update_scheduled_post',
    args: () => ({ post_id: b.postId, caption: 'Taken' }),
    code: 'post_not_found',
    gate: 'post:draft',
  },
  { name: 'svc_delete_scheduled_post', args: () => ({ post_id: b.postId }), code: 'post_not_found' },
  { name: 'svc_delete_scheduled_post', args: () => ({ group_id: b.groupId }), code: 'post_not_found' },
  {
    name: 'svc_get_tiktok_posting_options',
    args: () => ({ profile_id: b.tiktok.id }),
    code: 'invalid_profile_ids',
  },
  { name: 'svc_get_queue', args: () => ({ profile_id: b.threads.id }), code: 'invalid_profile_ids' },
  {
    name: 'svc_set_posting_slots',
    args: () => ({ profile_id: b.threads.id, time_zone: 'UTC', slots: [{ day: 'mon', time: '09:00' }] }),
    code: 'invalid_profile_ids',
  },
  {
    name: 'svc_schedule_post',
    args: () => ({ profile_ids: [b.threads.id], caption: 'Into B', scheduled_time: FUTURE }),
    code: 'invalid_profile_ids',
  },
  {
    name: 'svc_schedule_post',
    args: () => ({
      profile_ids: [w.instagram.id],
      media_id: b.mediaId,
      caption: 'B media',
      scheduled_time: FUTURE,
    }),
    code: 'media_not_found',
  },
  {
    name: 'svc_draft_post',
    args: () => ({ profile_ids: [b.threads.id], caption: 'Into B' }),
    code: 'invalid_profile_ids',
  },
  { name: 'svc_get_analytics', args: () => ({ profile_ids: [b.threads.id] }), code: 'invalid_profile_ids' },
  {
    name: 'svc_export_automation_template',
    args: () => ({ automation_id: b.automationId }),
    code: 'automation_not_found',
  },
  {
    name: 'svc_import_automation_template',
    args: () => ({ template: JSON.stringify(TEMPLATE), profile_id: b.instagram.id, post_id: b.publishedId }),
    code: 'invalid_profile_ids',
  },
];

describe("a member of one workspace and another's things, through the tools", () => {
  it('answers not found (or role_not_allowed for a tool the role may not use) for every role', async () => {
    const actual: Record<string, string> = {};
    const wanted: Record<string, string> = {};
    for (const role of ROLES) {
      const client = await w.app.client(w.keys[role]);
      for (const [i, call] of CALLS.entries()) {
        const action = call.gate ?? TOOLS.find((t) => t.name === call.name)?.action ?? null;
        const result = await client.callTool({ name: call.name, arguments: call.args() });
        const label = `${role} ${i} ${call.name}`;
        actual[label] = result.isError === true ? refusalOf(result).code : 'answered';
        wanted[label] =
          action === null || ROLE_MATRIX[action].roles.includes(role) ? call.code : 'role_not_allowed';
      }
    }
    expect(actual).toEqual(wanted);
  });

  it("leaves B's things as they were, and A's lists never show them", async () => {
    const post = await w.made({ method: 'GET', path: `/api/v1/posts/${b.postId}` }, bKey);
    expect(post).toMatchObject({ status: 'scheduled', caption: 'B only' });
    const slots = await w.made({ method: 'GET', path: `/api/v1/connections/${b.threads.id}/slots` }, bKey);
    expect(slots.slots).toEqual([]);
    const automations = await w.made({ method: 'GET', path: '/api/v1/automations' }, bKey);
    expect(automations.automations.map((a: { id: string }) => a.id)).toEqual([b.automationId]);
    for (const role of ROLES) {
      const client = await w.app.client(w.keys[role]);
      const posts = await client.callTool({ name: 'svc_list_scheduled_posts', arguments: {} });
      const profiles = await client.callTool({ name: 'svc_list_profiles', arguments: {} });
      const text = JSON.stringify([posts.structuredContent, profiles.structuredContent]);
      for (const id of [b.postId, b.draftId, b.threads.id, b.instagram.id, b.tiktok.id]) {
        expect(text).not.toContain(id);
      }
    }
  });

  it("svc_list_members shows every role A's members with their roles, and nobody of B", async () => {
    const bOwner = (await w.made({ method: 'GET', path: '/api/v1/workspace' }, bKey)).id as string;
    for (const role of ROLES) {
      const client = await w.app.client(w.keys[role]);
      const result = await client.callTool({ name: 'svc_list_members', arguments: {} });
      const { members, count } = result.structuredContent as {
        members: { userId: string; role: string; email: string | null }[];
        count: number;
      };
      expect(count).toBe(ROLES.length);
      expect(Object.fromEntries(members.map((m) => [m.userId, m.role]))).toEqual(
        Object.fromEntries(ROLES.map((r) => [w.userIds[r], r])),
      );
      expect(members[0]?.role).toBe('owner');
      expect(members.every((m) => m.email !== null)).toBe(true);
      expect(JSON.stringify(result)).not.toContain(bOwner);
    }
  });
});
