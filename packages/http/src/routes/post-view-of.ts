import { type Post, type PostView, toPostView } from '@svc/core';
import type { HttpDeps } from '../http-deps.js';

/** How REST shows a post: its view, with signed links to its media. */
export function postViewOf(deps: Pick<HttpDeps, 'mediaLinks'>): (post: Post) => PostView {
  return (post) => toPostView(post, (id) => deps.mediaLinks.urlFor(id));
}
