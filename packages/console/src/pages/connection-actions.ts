import { type ConnectedAccount, captionPreview, disconnectAccount, getPost, PLATFORM_NAMES } from '@svc/core';
import { html } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { pageReply } from '../console-page.js';
import { type ConsoleReply, redirectReply } from '../console-reply.js';

/**
 * The notice of the Connections page a console-started connect returns to
 * (`?connected=acct_1,acct_2`, set by the connect callback): only the person's own accounts are
 * named, so a crafted link can announce nothing else.
 */
export function connectedNotice(c: SignedContext, accounts: readonly ConnectedAccount[]): string | null {
  const done = c.url.searchParams.get('done');
  if (done === 'disconnected') return 'The account was disconnected: nothing more is posted to it.';
  const ids = (c.url.searchParams.get('connected') ?? '').split(',');
  const named = accounts.filter((a) => ids.includes(a.id));
  if (named.length === 0) return null;
  return named.map((a) => `${PLATFORM_NAMES[a.platform]} account @${a.handle} connected.`).join(' ');
}

// The use case REST's DELETE /api/v1/connections/{id} calls, without force: while posts wait for
// the account, the same refusal as REST's, with a link to each post it names.
async function disconnect(c: SignedContext): Promise<ConsoleReply> {
  const done = await disconnectAccount(c.deps.core, c.actor, c.params.id ?? '');
  if (done.isOk()) return redirectReply('/app/connections?done=disconnected');
  const postIds = done.error.details?.postIds;
  const ids = Array.isArray(postIds) ? postIds.filter((id): id is string => typeof id === 'string') : [];
  // Named by their captions, as the person knows them.
  const posts = await Promise.all(
    ids.slice(0, 20).map(async (id) => {
      const post = await getPost(c.deps.core, c.actor, id);
      return { id, name: post.isOk() ? captionPreview(post.value.caption) || id : id };
    }),
  );
  return pageReply(c, done.error.code === 'account_not_found' ? 404 : 409, {
    title: 'Not disconnected',
    section: '/app/connections',
    alert: done.error.message,
    body: html`${
      posts.length === 0
        ? ''
        : html`<p>The posts still to go out to it:</p><ul>${posts.map((p) => html`<li><a href="/app/posts/${p.id}">${p.name}</a></li>`)}</ul>`
    }<p><a href="/app/connections">Back to the connections</a></p>`,
  });
}

/** Disconnecting an account (its confirmation page is among the confirmations). */
export const disconnectRoutes: readonly ConsoleRoute[] = [
  { method: 'POST', path: '/app/connections/:id/disconnect', access: 'signed', run: disconnect },
];
