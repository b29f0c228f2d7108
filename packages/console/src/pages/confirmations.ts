import {
  actorWorkspaceId,
  can,
  captionPreview,
  getPost,
  getPostGroup,
  getWebhook,
  LIMIT_PHRASES,
  listApiKeys,
  listAutomations,
  listConnections,
  listReviewLinks,
  PLATFORM_NAMES,
} from '@svc/core';
import { unwrap } from '@svc/web';
import type { ConsoleRoute } from '../console-context.js';
import { type Confirmation, confirmRoute } from './confirm-page.js';
import { ownSlides } from './post-slides.js';
import { depsOf } from './webhook-view.js';

// What each destructive action of the console says before it is done: the consequences a person
// cannot see from the button (docs/console.md, "Asking first"). The actions themselves stay the
// POST routes of their pages.

const found = <T>(value: T | undefined, confirm: (value: T) => Confirmation): Confirmation | null =>
  value === undefined ? null : confirm(value);

/** The confirmation pages of revoking, deleting and disconnecting. */
export const confirmationRoutes: readonly ConsoleRoute[] = [
  confirmRoute('/app/keys/:id/revoke', '/app/keys', async (c) => {
    const keys = await unwrap(listApiKeys(c.deps.core, c.session.user.email, actorWorkspaceId(c.actor)));
    return found(
      keys.find((k) => k.id === c.params.id && k.revokedAt === null),
      (k) => ({
        question: `Revoke the key “${k.name ?? k.id}”?`,
        consequences: [
          'Apps and scripts using this key stop working at once: REST and the tool endpoint refuse it from now on.',
          'A revoked key cannot be brought back; create a new key for anything that still needs access.',
        ],
        button: 'Revoke the key',
        back: { href: '/app/keys', label: 'back to the keys' },
      }),
    );
  }),
  confirmRoute('/app/review-links/:id/revoke', '/app/approvals', async (c) => {
    const links = await unwrap(listReviewLinks(c.deps.core, c.actor));
    return found(
      links.find((l) => l.id === c.params.id && l.revokedAt === null),
      (l) => ({
        question: `Revoke the review link “${l.label ?? l.id}”?`,
        consequences: [
          'Your client can no longer open it or decide its posts; what they decided already stands.',
          'A revoked link cannot be brought back; create a new one if they still need it.',
        ],
        button: 'Revoke the link',
        back: { href: '/app/review-links', label: 'back to the review links' },
      }),
    );
  }),
  confirmRoute('/app/posts/:id/delete', '/app/posts', async (c) => {
    const post = await getPost(c.deps.core, c.actor, c.params.id ?? '');
    return found(post.isOk() ? post.value : undefined, (p) => ({
      question: `Delete the post “${captionPreview(p.caption) || 'without a caption'}”?`,
      consequences: [
        p.status === 'scheduled'
          ? 'It will not be published at its time.'
          : 'It will not be published unless it is restored.',
        `It moves to Deleted, where it can be restored for ${LIMIT_PHRASES.restoreWindow}.`,
      ],
      button: 'Delete the post',
      back: { href: `/app/posts/${p.id}`, label: 'back to the post' },
    }));
  }),
  confirmRoute('/app/groups/:id/delete', '/app/posts', async (c) => {
    const group = await getPostGroup(c.deps.core, c.actor, c.params.id ?? '');
    if (group.isErr()) return null;
    const deletable = group.value.posts.filter((p) => can(p, 'delete'));
    const [first] = group.value.posts;
    return found(first, (p) => ({
      question: `Delete the post “${captionPreview(p.caption) || 'without a caption'}” on every platform?`,
      consequences: [
        `${deletable.flatMap((d) => d.platforms.map((p) => PLATFORM_NAMES[p])).join(', ') || 'No platform'}: it will not be published there.`,
        'What is already published stays published.',
        `Each deleted post moves to Deleted, where it can be restored for ${LIMIT_PHRASES.restoreWindow}.`,
      ],
      button: 'Delete on every platform',
      back: { href: `/app/groups/${group.value.groupId}`, label: 'back to the post' },
    }));
  }),
  confirmRoute('/app/connections/:id/disconnect', '/app/connections', async (c) => {
    const accounts = await unwrap(listConnections(c.deps.core, c.actor));
    return found(
      accounts.find((a) => a.id === c.params.id),
      (a) => ({
        question: `Disconnect @${a.handle} on ${PLATFORM_NAMES[a.platform]}?`,
        consequences: [
          'Its access tokens are erased at once: nothing more can be posted to it, and its figures stop being collected.',
          'While posts are still to go out to it, it is not disconnected: delete or move them first.',
          'Connecting the same account again later brings it back, with its posts and history.',
        ],
        button: 'Disconnect the account',
        back: { href: '/app/connections', label: 'back to the connections' },
      }),
    );
  }),
  confirmRoute('/app/agents/:id/revoke', '/app/agents', async (c) => {
    const agents = c.deps.agents === undefined ? [] : await c.deps.agents.list(c.session.user.id);
    return found(
      agents.find((a) => a.grantId === c.params.id),
      (a) => ({
        question: `Revoke ${a.clientName}?`,
        consequences: [
          'The agent loses access at once: its tokens stop working on the tool endpoint.',
          'To use it again, it must ask for your approval again through the sign-in page.',
        ],
        button: 'Revoke the agent',
        back: { href: '/app/agents', label: 'back to the agents' },
      }),
    );
  }),
  confirmRoute('/app/webhooks/:id/delete', '/app/webhooks', async (c) => {
    const webhook = await getWebhook(depsOf(c), c.actor, c.params.id ?? '');
    return found(webhook.isOk() ? webhook.value : undefined, (w) => ({
      question: `Delete the webhook ${w.description ?? w.url}?`,
      consequences: [
        `No more events are sent to ${w.url}, from now on.`,
        'Deliveries still waiting are dropped, and its delivery history is removed with it.',
      ],
      button: 'Delete the webhook',
      back: { href: `/app/webhooks/${w.id}`, label: 'back to the webhook' },
    }));
  }),
  confirmRoute('/app/automations/:id/delete', '/app/automations', async (c) => {
    const automations = await unwrap(listAutomations(c.deps.core, c.actor));
    return found(
      automations.find((a) => a.id === c.params.id),
      (a) => ({
        question: `Delete the automation “${a.name}”?`,
        consequences: [
          'It stops at once: no more comments are answered.',
          'Replies already sent stay where they are.',
        ],
        button: 'Delete the automation',
        back: { href: '/app/automations', label: 'back to the automations' },
      }),
    );
  }),
  confirmRoute('/app/media/:id/delete', '/app/media', async (c) => {
    const [asset] = await ownSlides(c, [c.params.id ?? '']);
    return found(asset, (m) => ({
      question: `Delete this ${m.contentType.startsWith('video/') ? 'video' : m.contentType.startsWith('image/') ? 'photo' : 'file'}?`,
      consequences: [
        'It leaves the media library and can no longer be added to posts.',
        'A file still used by a draft or a post waiting to go out is not deleted; published posts keep what they published.',
      ],
      button: 'Delete the file',
      back: { href: '/app/media', label: 'back to the media' },
    }));
  }),
];
