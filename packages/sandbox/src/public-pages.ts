import { facebookCommentsSection } from './facebook/facebook-comments.js';
import { instagramPostPageRoutes } from './instagram/instagram-post-page.js';
import { SANDBOX_CSS, SANDBOX_CSS_PATH } from './shared/html-page.js';
import type { Reply } from './shared/http-io.js';
import type { SandboxContext } from './shared/sandbox-context.js';
import { commentsSection, postPage, profilePage } from './shared/sandbox-pages.js';
import type { SandboxPlatform } from './shared/sandbox-publication.js';
import type { RouteSpec, SandboxRequest } from './shared/sandbox-router.js';
import type { PublishedPost } from './shared/sandbox-state.js';
import { threadsChainOf, threadsRepliesTo } from './threads/threads-routes.js';

/**
 * The permalink and profile pages the simulators' links point to: plain HTML, 200 (an Instagram
 * post's visitor comment form answers 400 with the page when its input is refused).
 */
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
    page(SANDBOX_CSS_PATH, () => ({
      status: 200,
      headers: {
        'content-type': 'text/css; charset=utf-8',
        'cache-control': 'public, max-age=31536000, immutable',
      },
      body: SANDBOX_CSS,
    })),
    // Instagram posts show their comments and a form to comment as a visitor.
    ...instagramPostPageRoutes(ctx),
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
    page('/sandbox/threads/:profile/post/:shortcode', (r) => {
      const post = find('threads', (p) => p.shortcode === r.params.shortcode);
      const replies = post === undefined ? [] : threadsRepliesTo(ctx, post.record.id);
      const section = commentsSection(
        replies.map((p) => ({ author: p.handle, text: p.record.caption })),
        'Replies',
      );
      // A chain (contract.md): every part in order, each the author's reply to the one before. A
      // lone reply of the author's (a first comment, or a chain of one) is among the replies.
      const chain = post === undefined ? [] : threadsChainOf(ctx, post.record.id);
      const thread =
        chain.length < 2
          ? ''
          : commentsSection(
              chain.map((p) => ({ author: p.handle, text: p.record.caption })),
              'Thread',
              'thread',
            );
      return postPage('threads', post, post === undefined ? '' : `${thread}\n${section}`);
    }),
    page('/sandbox/facebook/reel/:videoId', (r) => {
      const post = find('facebook', (p) => p.record.kind === 'reel' && p.record.id === r.params.videoId);
      return postPage('facebook', post, facebookCommentsSection(ctx, post));
    }),
    page('/sandbox/facebook/:pageId', (r) => {
      const posts = list('facebook', (p) => p.record.accountId === r.params.pageId);
      return profilePage('facebook', posts[0]?.handle ?? `Page ${r.params.pageId ?? ''}`, posts);
    }),
    page('/sandbox/facebook/:pageId/posts/:postId', (r) => {
      const post = find('facebook', (p) => p.postId === `${r.params.pageId}_${r.params.postId}`);
      return postPage('facebook', post, facebookCommentsSection(ctx, post));
    }),
  ];
}
