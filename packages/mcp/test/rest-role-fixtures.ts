// One example request per REST operation that takes a key, keyed by operationId, for the role ×
// action test: each builds what it needs first (as the owner), so an allowed call can succeed.
// `unless` lists the codes an allowed call may still answer, each for a reason that is not the
// caller's role (said beside it); any other failure fails the test. Over 300 lines: it is one
// table with an entry per operation (69 of them), kept whole so a missing one stands out.

import { anAccount } from '@svc/core/testing';
import { FUTURE, IMAGE_URL, type RestRequest, type TeamWorld } from './team-world.js';

export type RestFixture = {
  readonly request: (w: TeamWorld) => Promise<Omit<RestRequest, 'method'>>;
  readonly unless?: readonly string[];
};

/** A new scheduled post on Threads (and Facebook with `both`), made by the owner. */
export async function scheduledPost(w: TeamWorld, both = false) {
  const made = await w.made({
    method: 'POST',
    path: '/api/v1/posts',
    json: {
      platforms: both ? ['threads', 'facebook'] : ['threads'],
      profileIds: both ? [w.threads.id, w.facebook.id] : [w.threads.id],
      caption: w.caption(),
      scheduledTime: FUTURE,
    },
  });
  return { id: made.postIds[0] as string, groupId: made.groupId as string };
}

/** A new draft on Threads, made by the owner. */
export async function draftPost(w: TeamWorld): Promise<string> {
  const made = await w.made({
    method: 'POST',
    path: '/api/v1/drafts',
    json: { caption: w.caption(), profileIds: [w.threads.id] },
  });
  return made.id;
}

/** A new media item imported from the served link, by the owner. */
export async function mediaItem(w: TeamWorld): Promise<string> {
  const made = await w.made({ method: 'POST', path: '/api/v1/media/from-url', json: { url: IMAGE_URL } });
  return made.mediaId;
}

/** A new webhook, by the owner. */
const newWebhook = async (w: TeamWorld): Promise<string> =>
  (
    await w.made({
      method: 'POST',
      path: '/api/v1/webhooks',
      json: { url: 'https://hooks.example.com/svc', events: ['post.published'] },
    })
  ).webhook.id;

// One webhook for the calls that leave it in place: a workspace holds at most 25.
const shared = new WeakMap<TeamWorld, Promise<string>>();
const webhook = (w: TeamWorld): Promise<string> => {
  const known = shared.get(w) ?? newWebhook(w);
  shared.set(w, known);
  return known;
};

const automation = async (w: TeamWorld): Promise<string> =>
  (
    await w.made({
      method: 'POST',
      path: '/api/v1/automations/import',
      json: { template: TEMPLATE, profileId: w.instagram.id, postId: w.publishedId },
    })
  ).automation.id;

const newMember = async (w: TeamWorld): Promise<string> =>
  (
    await w.made({
      method: 'POST',
      path: '/api/v1/members',
      json: { email: await w.newUser(), role: 'viewer' },
    })
  ).userId;

const TEMPLATE = {
  svcTemplate: 1,
  name: 'Price',
  trigger: 'keyword',
  keyword: 'price',
  message: 'In your DMs!',
};

const json = (path: string, body?: unknown) => async () => ({ path, json: body });

/** Every key-taking REST operation's example request. */
export const REST_FIXTURES: Readonly<Record<string, RestFixture>> = {
  exchangeKeyForToken: { request: json('/api/auth/mcp-token') },
  exchangeKeyForTokenAtAuth: { request: json('/auth') },
  createPost: {
    request: async (w) => ({
      path: '/api/v1/posts',
      json: {
        platforms: ['threads'],
        profileIds: [w.threads.id],
        caption: w.caption(),
        scheduledTime: FUTURE,
      },
    }),
  },
  schedulePost: {
    request: async (w) => ({
      path: '/api/v1/posts/schedule',
      json: {
        platforms: ['threads'],
        profileIds: [w.threads.id],
        caption: w.caption(),
        scheduledTime: FUTURE,
      },
    }),
  },
  publishPost: {
    request: async (w) => ({
      path: '/api/v1/publish',
      json: { platforms: ['threads'], profileIds: [w.threads.id], caption: w.caption() },
    }),
  },
  listPosts: { request: json('/api/v1/posts') },
  getPost: { request: async (w) => ({ path: `/api/v1/posts/${(await scheduledPost(w)).id}` }) },
  // A scheduled post: editing one is `post:schedule` (a draft's edit is `post:draft`).
  updatePost: {
    request: async (w) => ({
      path: `/api/v1/posts/${(await scheduledPost(w)).id}`,
      json: { caption: w.caption() },
    }),
  },
  deletePost: { request: async (w) => ({ path: `/api/v1/posts/${(await scheduledPost(w)).id}` }) },
  restorePost: {
    request: async (w) => {
      const { id } = await scheduledPost(w);
      await w.made({ method: 'DELETE', path: `/api/v1/posts/${id}` });
      return { path: `/api/v1/posts/${id}/restore` };
    },
  },
  createDraft: {
    request: async (w) => ({
      path: '/api/v1/drafts',
      json: { caption: w.caption(), profileIds: [w.threads.id] },
    }),
  },
  requestApproval: {
    request: async (w) => ({ path: `/api/v1/posts/${await draftPost(w)}/approval`, json: {} }),
  },
  getApproval: {
    request: async (w) => {
      const id = await draftPost(w);
      await w.made({ method: 'POST', path: `/api/v1/posts/${id}/approval`, json: {} });
      return { path: `/api/v1/posts/${id}/approval` };
    },
  },
  decideApproval: {
    // The contributor drafts and asks (a saved policy forbids deciding one's own request); a
    // rejection with a note needs no quota or slot, so an allowed decision always succeeds.
    request: async (w) => {
      const draft = { caption: w.caption(), profileIds: [w.threads.id] };
      const { id } = await w.made(
        { method: 'POST', path: '/api/v1/drafts', json: draft },
        w.keys.contributor,
      );
      await w.made({ method: 'POST', path: `/api/v1/posts/${id}/approval`, json: {} }, w.keys.contributor);
      return { path: `/api/v1/posts/${id}/approval/decision`, json: { approve: false, note: 'Not yet' } };
    },
  },
  validatePost: {
    request: json('/api/v1/validate', { caption: 'Hello', platforms: ['threads'], mediaUrlsCount: 0 }),
  },
  getPostGroup: {
    request: async (w) => ({ path: `/api/v1/post-groups/${(await scheduledPost(w, true)).groupId}` }),
  },
  updatePostGroup: {
    request: async (w) => ({
      path: `/api/v1/post-groups/${(await scheduledPost(w, true)).groupId}`,
      json: { caption: w.caption() },
    }),
  },
  deletePostGroup: {
    request: async (w) => ({ path: `/api/v1/post-groups/${(await scheduledPost(w, true)).groupId}` }),
  },
  // Only a failed post can be retried; a scheduled one answers `invalid_post_state` once let through.
  retryPost: {
    request: async (w) => ({ path: `/api/v1/posts/${(await scheduledPost(w)).id}/retry`, json: {} }),
    unless: ['invalid_post_state'],
  },
  importPosts: {
    request: async (w) => ({
      path: '/api/v1/posts/bulk',
      json: {
        posts: [
          { platforms: ['threads'], profileIds: [w.threads.id], caption: w.caption(), scheduledTime: FUTURE },
        ],
      },
    }),
  },
  exportPosts: { request: json('/api/v1/posts/export') },
  createReviewLink: {
    request: async (w) => ({
      path: '/api/v1/review-links',
      json: { postIds: [(await scheduledPost(w)).id] },
    }),
  },
  listReviewLinks: { request: json('/api/v1/review-links') },
  revokeReviewLink: {
    request: async (w) => {
      const { id } = await scheduledPost(w);
      const link = await w.made({ method: 'POST', path: '/api/v1/review-links', json: { postIds: [id] } });
      return { path: `/api/v1/review-links/${link.id}` };
    },
  },
  listConnections: { request: json('/api/v1/connections') },
  createConnection: { request: json('/api/v1/connections', { platform: 'instagram' }) },
  disconnectConnection: {
    request: async (w) => {
      const account = await w.app.core.store.accounts.saveAccount(
        anAccount(w.workspaceId, { platform: 'youtube' }),
      );
      return { path: `/api/v1/connections/${account.id}` };
    },
  },
  getPostingOptions: {
    request: async (w) => ({ path: `/api/v1/connections/${w.tiktok.id}/posting-options` }),
  },
  getAccount: { request: json('/api/v1/account') },
  getAnalytics: { request: json('/api/v1/analytics') },
  getPostingSlots: { request: async (w) => ({ path: `/api/v1/connections/${w.threads.id}/slots` }) },
  replacePostingSlots: {
    request: async (w) => ({
      path: `/api/v1/connections/${w.threads.id}/slots`,
      json: { timeZone: 'Europe/Paris', slots: [{ day: 'mon', time: '09:30' }] },
    }),
  },
  listQueue: { request: async (w) => ({ path: `/api/v1/queue?profileId=${w.threads.id}` }) },
  // The queue exactly as it is now (anything else is `queue_changed`).
  reorderQueue: {
    request: async (w) => {
      for (let i = 0; i < 2; i += 1) {
        await w.made({
          method: 'POST',
          path: '/api/v1/posts',
          json: { platforms: ['threads'], profileIds: [w.threads.id], caption: w.caption(), queue: true },
        });
      }
      const queue = await w.made({ method: 'GET', path: `/api/v1/queue?profileId=${w.threads.id}` });
      const postIds = (queue.items as { postId: string }[]).map((p) => p.postId).reverse();
      return { path: '/api/v1/queue/reorder', json: { profileId: w.threads.id, postIds } };
    },
  },
  shuffleQueue: {
    request: async (w) => ({ path: '/api/v1/queue/shuffle', json: { profileId: w.threads.id } }),
  },
  getSlotSuggestions: {
    request: async (w) => ({ path: `/api/v1/connections/${w.threads.id}/slots/suggestions` }),
  },
  acceptSlotSuggestions: {
    request: async (w) => ({
      path: `/api/v1/connections/${w.threads.id}/slots/suggestions/accept`,
      json: { timeZone: 'Europe/Paris' },
    }),
  },
  uploadMedia: {
    request: async () => {
      const form = new FormData();
      form.append('file', new Blob([new TextEncoder().encode(IMAGE_URL)], { type: 'image/jpeg' }), 'a.jpg');
      return { path: '/api/v1/media', form };
    },
  },
  listMedia: { request: json('/api/v1/media') },
  importMediaFromUrl: { request: json('/api/v1/media/from-url', { url: IMAGE_URL }) },
  createUploadTarget: { request: json('/api/v1/media/upload') },
  getMedia: { request: async (w) => ({ path: `/api/v1/media/${await mediaItem(w)}` }) },
  deleteMedia: { request: async (w) => ({ path: `/api/v1/media/${await mediaItem(w)}` }) },
  listAutomations: { request: json('/api/v1/automations') },
  importAutomation: { request: json('/api/v1/automations/import', { template: TEMPLATE }) },
  exportAutomation: { request: async (w) => ({ path: `/api/v1/automations/${await automation(w)}/export` }) },
  pauseAutomation: { request: async (w) => ({ path: `/api/v1/automations/${await automation(w)}/pause` }) },
  resumeAutomation: { request: async (w) => ({ path: `/api/v1/automations/${await automation(w)}/resume` }) },
  deleteAutomation: { request: async (w) => ({ path: `/api/v1/automations/${await automation(w)}` }) },
  createWebhook: {
    request: json('/api/v1/webhooks', { url: 'https://hooks.example.com/svc', events: ['post.published'] }),
  },
  listWebhooks: { request: json('/api/v1/webhooks') },
  getWebhook: { request: async (w) => ({ path: `/api/v1/webhooks/${await webhook(w)}` }) },
  updateWebhook: {
    request: async (w) => ({ path: `/api/v1/webhooks/${await webhook(w)}`, json: { enabled: false } }),
  },
  deleteWebhook: { request: async (w) => ({ path: `/api/v1/webhooks/${await newWebhook(w)}` }) },
  rotateWebhookSecret: {
    request: async (w) => ({ path: `/api/v1/webhooks/${await webhook(w)}/rotate-secret` }),
  },
  testWebhook: { request: async (w) => ({ path: `/api/v1/webhooks/${await webhook(w)}/test` }) },
  listWebhookDeliveries: {
    request: async (w) => ({ path: `/api/v1/webhooks/${await webhook(w)}/deliveries` }),
  },
  redeliverWebhook: {
    request: async (w) => {
      const id = await webhook(w);
      const ping = await w.made({ method: 'POST', path: `/api/v1/webhooks/${id}/test` });
      return { path: `/api/v1/webhooks/${id}/deliveries/${ping.deliveryId}/redeliver` };
    },
  },
  getWorkspace: { request: json('/api/v1/workspace') },
  listMembers: { request: json('/api/v1/members') },
  getApprovalPolicy: { request: json('/api/v1/approval-policy') },
  // The default policy again: the other fixtures keep working whichever role set it.
  setApprovalPolicy: {
    request: json('/api/v1/approval-policy', { requiredFor: 'contributors', steps: [{ role: 'editor' }] }),
  },
  listEvents: { request: json('/api/v1/events?limit=5') },
  addMember: {
    request: async (w) => ({ path: '/api/v1/members', json: { email: await w.newUser(), role: 'viewer' } }),
  },
  updateMember: {
    request: async (w) => ({ path: `/api/v1/members/${await newMember(w)}`, json: { role: 'contributor' } }),
  },
  // Another member: leaving oneself is open to every role.
  removeMember: { request: async (w) => ({ path: `/api/v1/members/${await newMember(w)}` }) },
  createInvitation: {
    request: async (w) => ({ path: '/api/v1/invitations', json: { email: w.email(), role: 'viewer' } }),
  },
  listInvitations: { request: json('/api/v1/invitations') },
  revokeInvitation: {
    request: async (w) => {
      const made = await w.made({
        method: 'POST',
        path: '/api/v1/invitations',
        json: { email: w.email(), role: 'viewer' },
      });
      return { path: `/api/v1/invitations/${made.invitation.id}` };
    },
  },
};
