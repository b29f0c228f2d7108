// One example call per agent tool, keyed by tool name, for the role × action test: each builds
// what it needs first (as the owner, over REST), so an allowed call can succeed. `unless` lists
// the codes an allowed call may still answer, each for a reason that is not the caller's role.

import { draftPost, scheduledPost } from './rest-role-fixtures.js';
import { FUTURE, IMAGE_URL, type TeamWorld } from './team-world.js';

export type ToolFixture = {
  readonly args: (w: TeamWorld) => Promise<Record<string, unknown>>;
  readonly unless?: readonly string[];
};

const TEMPLATE_FILE = JSON.stringify({
  svcTemplate: 1,
  name: 'Price',
  trigger: 'keyword',
  keyword: 'price',
  message: 'In your DMs!',
});

const none = async () => ({});

/** Every tool's example call. */
export const TOOL_FIXTURES: Readonly<Record<string, ToolFixture>> = {
  svc_list_profiles: { args: none },
  svc_list_connected_social_accounts: { args: none },
  svc_schedule_post: {
    args: async (w) => ({ profile_ids: [w.threads.id], caption: w.caption(), scheduled_time: FUTURE }),
  },
  svc_get_post_status: { args: async (w) => ({ post_id: (await scheduledPost(w)).id }) },
  svc_get_tiktok_posting_options: { args: async (w) => ({ profile_id: w.tiktok.id }) },
  svc_add_media_from_url: { args: async () => ({ url: IMAGE_URL }) },
  svc_validate_post_policy: { args: async () => ({ caption: 'Hello', platforms: ['threads'] }) },
  svc_draft_post: { args: async (w) => ({ caption: w.caption(), profile_ids: [w.threads.id] }) },
  svc_request_post_approval: { args: async (w) => ({ post_id: await draftPost(w) }) },
  svc_get_post_approval_status: {
    args: async (w) => {
      const id = await draftPost(w);
      await w.made({ method: 'POST', path: `/api/v1/posts/${id}/approval`, json: {} });
      return { post_id: id };
    },
  },
  svc_list_scheduled_posts: { args: none },
  svc_update_scheduled_post: {
    args: async (w) => ({ post_id: (await scheduledPost(w)).id, caption: w.caption() }),
  },
  svc_delete_scheduled_post: { args: async (w) => ({ post_id: (await scheduledPost(w)).id }) },
  svc_get_account_summary: { args: none },
  svc_get_billing_summary: { args: none },
  svc_get_analytics: { args: none },
  svc_import_automation_template: { args: async () => ({ template: TEMPLATE_FILE }) },
  svc_export_automation_template: {
    args: async (w) => {
      const made = await w.made({
        method: 'POST',
        path: '/api/v1/automations/import',
        json: { template: JSON.parse(TEMPLATE_FILE), profileId: w.instagram.id, postId: w.publishedId },
      });
      return { automation_id: made.automation.id };
    },
  },
  svc_list_members: { args: async () => ({}) },
  svc_get_queue: { args: async (w) => ({ profile_id: w.threads.id }) },
  svc_set_posting_slots: {
    args: async (w) => ({
      profile_id: w.threads.id,
      time_zone: 'UTC',
      slots: [
        { day: 'mon', time: '09:00' },
        { day: 'thu', time: '15:00' },
      ],
    }),
  },
};
