import { type ConnectedAccount, listPosts, type PostListItem } from '@svc/core';
import { type Html, html, unwrap } from '@svc/web';
import type { SignedContext } from '../console-context.js';

/** Google's form for the audit that lifts the private lock (and for more quota). */
export const YOUTUBE_AUDIT_FORM_URL = 'https://support.google.com/youtube/contact/yt_api_form';
// Recent published posts read per channel to find locked ones: the lock hits every upload, so the
// latest ones say whether it is still on.
const RECENT_POSTS = 20;

/** A channel and its recent posts YouTube published otherwise than asked. */
type ChannelWarnings = { readonly account: ConnectedAccount; readonly posts: readonly PostListItem[] };

async function warningsOf(c: SignedContext, account: ConnectedAccount): Promise<ChannelWarnings> {
  const page = await unwrap(
    listPosts(c.deps.core, c.actor, { status: 'posted', profileId: account.id, limit: RECENT_POSTS }),
  );
  return { account, posts: page.posts.filter((p) => p.warning !== null) };
}

/**
 * What the Connections page says about Google's YouTube API audit when a YouTube channel is
 * connected: uploads from a Google Cloud project that has not passed it are made private, whatever
 * the post asked. Channels whose recent posts were locked are named first, with those posts.
 */
export async function youtubeAuditSection(
  c: SignedContext,
  accounts: readonly ConnectedAccount[],
): Promise<Html | ''> {
  const channels = accounts.filter((a) => a.platform === 'youtube');
  if (channels.length === 0) return '';
  const locked = (await Promise.all(channels.map((a) => warningsOf(c, a)))).filter((w) => w.posts.length > 0);
  const lockedLines = locked.map(
    ({ account, posts }) =>
      html`<p class="warning-text"><strong>@${account.handle}</strong>: YouTube published ${posts.length === 1 ? 'a recent post' : `${posts.length} recent posts`} otherwise than asked: ${posts.map(
        (p, i) =>
          html`${i === 0 ? '' : ', '}<a href="/app/posts/${p.id}">${p.name ?? (p.captionPreview || p.id)}</a>`,
      )}.</p>`,
  );
  return html`<section class="card${locked.length === 0 ? '' : ' platform-warning'}" id="youtube-audit" aria-labelledby="youtube-audit-heading"><h2 id="youtube-audit-heading">YouTube: Google's API audit</h2>
${lockedLines}<p>Google makes every video uploaded through the YouTube Data API <strong>private</strong> when the Google Cloud project of this server's YouTube app has not passed Google's audit of YouTube API Services, which every project created after 28 July 2020 must pass. The post still counts as published and the video is on the channel, but only the channel's owner can watch it; each such post carries a warning saying so.</p>
<p>To lift the lock, the operator of this server applies with Google's <a href="${YOUTUBE_AUDIT_FORM_URL}">YouTube API Services audit and quota extension form</a>, describing the app and how it uses the API. Until Google approves it, change a video's visibility in YouTube Studio.</p></section>`;
}
