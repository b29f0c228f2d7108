import { type Post, type PostView, toPostView } from '@svc/core';
import type { HttpDeps } from '../http-deps.js';

/**
 * How REST shows a post: its view, with signed links to its media. A post served from the store's
 * read cache is one frozen object, handed out again while its row is unchanged; its view is built
 * once and frozen too, so `operationRoutes` writes its JSON once (issue 34: presenting and
 * serializing were about a twentieth of a `GET /api/v1/posts/{id}`). Not when it has media assets:
 * their signed links expire, so each answer signs them afresh.
 */
export function postViewOf(deps: Pick<HttpDeps, 'mediaLinks'>): (post: Post) => PostView {
  const views = new WeakMap<Post, PostView>();
  return (post) => {
    const known = views.get(post);
    if (known !== undefined) return known;
    const view = toPostView(post, (id) => deps.mediaLinks.urlFor(id));
    if (Object.isFrozen(post) && post.media.every((m) => m.kind === 'link'))
      views.set(post, deepFreeze(view));
    return view;
  };
}

/** Freezes a view and every object and array inside it. */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}
