import { escapeHtml, htmlDocument } from './html-page.js';
import { htmlReply, type Reply } from './http-io.js';
import type { SandboxContext } from './sandbox-context.js';
import type { RouteSpec, SandboxRequest } from './sandbox-router.js';
import type { PublishedPost } from './sandbox-state.js';
import { settleTikTokPublishes } from './tiktok-publishes.js';

/**
 * The pages TikTok links point to: `/sandbox/tiktok/@<username>` (profile),
 * `/sandbox/tiktok/@<username>/video/<id>` (post) and the avatar creator_info names. Plain HTML,
 * always 200, like the other simulators' public pages.
 */
export function tiktokPageRoutes(ctx: SandboxContext): RouteSpec[] {
  const page = (path: string, run: (r: SandboxRequest) => Reply): RouteSpec => ({
    methods: ['GET', 'HEAD'],
    path,
    route: { run },
  });
  const postsOf = (username: string) => {
    settleTikTokPublishes(ctx);
    return ctx.state.posts
      .filter((p) => p.record.platform === 'tiktok' && p.handle.toLowerCase() === username.toLowerCase())
      .reverse();
  };
  return [
    page('/sandbox/tiktok/@:username', (r) =>
      profilePage(r.params.username ?? '', postsOf(r.params.username ?? '')),
    ),
    page('/sandbox/tiktok/@:username/video/:id', (r) =>
      postPage(postsOf(r.params.username ?? '').find((p) => p.postId === r.params.id)),
    ),
    page('/sandbox/tiktok/@:username/avatar.svg', (r) => avatar(r.params.username ?? '')),
  ];
}

function profilePage(username: string, posts: readonly PublishedPost[]): Reply {
  const items = posts.map(
    (p) =>
      `<li><a href="${escapeHtml(p.record.permalink)}">${escapeHtml(p.record.caption.slice(0, 80) || p.record.kind)}</a></li>`,
  );
  return htmlReply(
    200,
    htmlDocument(
      `@${username} on TikTok (sandbox)`,
      [
        `<h1>@${escapeHtml(username)} on TikTok (sandbox)</h1>`,
        items.length === 0 ? "<p>No posts in the simulator's memory.</p>" : `<ul>${items.join('')}</ul>`,
      ].join('\n'),
    ),
  );
}

function postPage(post: PublishedPost | undefined): Reply {
  if (post === undefined) {
    return htmlReply(
      200,
      htmlDocument(
        'TikTok sandbox post',
        [
          '<h1>TikTok sandbox post</h1>',
          "<p>This post is not in the simulator's memory: the sandbox was restarted or reset since it was published.</p>",
        ].join('\n'),
      ),
    );
  }
  const { record } = post;
  const media = record.mediaUrls.map((url, i) => `<li><a href="${escapeHtml(url)}">Photo ${i + 1}</a></li>`);
  return htmlReply(
    200,
    htmlDocument(
      `@${post.handle} on TikTok (sandbox)`,
      [
        `<h1>@${escapeHtml(post.handle)} on TikTok (sandbox)</h1>`,
        `<p><time datetime="${record.at.toISOString()}">${escapeHtml(record.at.toUTCString())}</time></p>`,
        record.caption === '' ? '' : `<p>${escapeHtml(record.caption).replaceAll('\n', '<br>')}</p>`,
        record.kind === 'VIDEO' ? '<p>A video.</p>' : `<ul>${media.join('')}</ul>`,
        '<p class="note">Published by the TikTok simulator; no real TikTok post exists.</p>',
      ].join('\n'),
    ),
  );
}

// A plain initial on a coloured disc: enough for an <img> to show something.
function avatar(username: string): Reply {
  const initial = escapeHtml((username[0] ?? '?').toUpperCase());
  return {
    status: 200,
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' },
    body:
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">' +
      '<circle cx="50" cy="50" r="50" fill="#25f4ee"/>' +
      `<text x="50" y="66" font-size="48" text-anchor="middle" font-family="sans-serif">${initial}</text></svg>`,
  };
}
