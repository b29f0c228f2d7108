import type { Reply } from '../shared/http-io.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import { placeholderImage, postPage, profilePage } from '../shared/sandbox-pages.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
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
      profilePage('tiktok', `@${r.params.username ?? ''}`, postsOf(r.params.username ?? '')),
    ),
    page('/sandbox/tiktok/@:username/video/:id', (r) =>
      postPage(
        'tiktok',
        postsOf(r.params.username ?? '').find((p) => p.postId === r.params.id),
      ),
    ),
    page('/sandbox/tiktok/@:username/avatar.svg', (r) =>
      placeholderImage(r.params.username ?? '', r.params.username ?? '', { width: 100, height: 100 }),
    ),
  ];
}
