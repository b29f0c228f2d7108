import { PLATFORM_NAMES } from '@svc/core';
import { escapeHtml, htmlDocument } from './html-page.js';
import { htmlReply, type Reply } from './http-io.js';
import type { SandboxContext } from './sandbox-context.js';
import type { SandboxPlatform } from './sandbox-publication.js';
import type { RouteSpec, SandboxRequest } from './sandbox-router.js';
import type { PublishedPost } from './sandbox-state.js';

/** The permalink and profile pages the simulators' links point to: plain HTML, always 200. */
export function publicPageRoutes(ctx: SandboxContext): RouteSpec[] {
  const page = (path: string, run: (r: SandboxRequest) => Reply): RouteSpec => ({
    methods: ['GET', 'HEAD'],
    path,
    route: { run },
  });
  const find = (platform: SandboxPlatform, match: (p: PublishedPost) => boolean) =>
    ctx.state.posts.find((p) => p.record.platform === platform && match(p));
  const list = (platform: SandboxPlatform, match: (p: PublishedPost) => boolean) =>
    ctx.state.posts.filter((p) => p.record.platform === platform && match(p)).reverse();
  // The router has already decoded path parameters.
  const handleOf = (profile: string) => profile.replace(/^@/, '');
  return [
    page('/sandbox/instagram/p/:shortcode', (r) =>
      postPage(
        'instagram',
        find('instagram', (p) => p.shortcode === r.params.shortcode),
      ),
    ),
    page('/sandbox/instagram/:handle', (r) => {
      const handle = handleOf(r.params.handle ?? '');
      return profilePage(
        'instagram',
        handle,
        list('instagram', (p) => p.handle === handle),
      );
    }),
    page('/sandbox/threads/:profile', (r) => {
      const handle = handleOf(r.params.profile ?? '');
      return profilePage(
        'threads',
        `@${handle}`,
        list('threads', (p) => p.handle === handle),
      );
    }),
    page('/sandbox/threads/:profile/post/:shortcode', (r) =>
      postPage(
        'threads',
        find('threads', (p) => p.shortcode === r.params.shortcode),
      ),
    ),
    page('/sandbox/facebook/reel/:videoId', (r) =>
      postPage(
        'facebook',
        find('facebook', (p) => p.record.kind === 'reel' && p.record.id === r.params.videoId),
      ),
    ),
    page('/sandbox/facebook/:pageId', (r) => {
      const posts = list('facebook', (p) => p.record.accountId === r.params.pageId);
      return profilePage('facebook', posts[0]?.handle ?? `Page ${r.params.pageId ?? ''}`, posts);
    }),
    page('/sandbox/facebook/:pageId/posts/:postId', (r) =>
      postPage(
        'facebook',
        find('facebook', (p) => p.postId === `${r.params.pageId}_${r.params.postId}`),
      ),
    ),
  ];
}

function postPage(platform: SandboxPlatform, post: PublishedPost | undefined): Reply {
  const name = PLATFORM_NAMES[platform];
  if (post === undefined) {
    return htmlReply(
      200,
      htmlDocument(
        `${name} sandbox post`,
        [
          `<h1>${escapeHtml(name)} sandbox post</h1>`,
          "<p>This post is not in the simulator's memory: the sandbox was restarted or reset since it was published.</p>",
        ].join('\n'),
      ),
    );
  }
  const { record } = post;
  const media = record.mediaUrls.map((url, i) => `<li><a href="${escapeHtml(url)}">Media ${i + 1}</a></li>`);
  return htmlReply(
    200,
    htmlDocument(
      `${post.handle} on ${name} (sandbox)`,
      [
        `<h1>${escapeHtml(post.handle)} on ${escapeHtml(name)} (sandbox)</h1>`,
        `<p><time datetime="${record.at.toISOString()}">${escapeHtml(record.at.toUTCString())}</time></p>`,
        record.caption === '' ? '' : `<p>${escapeHtml(record.caption).replaceAll('\n', '<br>')}</p>`,
        media.length === 0 ? '' : `<ul>${media.join('')}</ul>`,
        `<p class="note">Published by the ${escapeHtml(name)} simulator; no real ${escapeHtml(name)} post exists.</p>`,
      ].join('\n'),
    ),
  );
}

function profilePage(platform: SandboxPlatform, title: string, posts: readonly PublishedPost[]): Reply {
  const name = PLATFORM_NAMES[platform];
  const items = posts.map(
    (p) =>
      `<li><a href="${escapeHtml(p.record.permalink)}">${escapeHtml(p.record.caption.slice(0, 80) || p.record.kind)}</a></li>`,
  );
  return htmlReply(
    200,
    htmlDocument(
      `${title} on ${name} (sandbox)`,
      [
        `<h1>${escapeHtml(title)} on ${escapeHtml(name)} (sandbox)</h1>`,
        items.length === 0 ? "<p>No posts in the simulator's memory.</p>" : `<ul>${items.join('')}</ul>`,
      ].join('\n'),
    ),
  );
}
