import { authenticate } from '../shared/authenticate.js';
import { permissionDenied } from '../shared/graph-error.js';
import { addPublishedPost } from '../shared/published-post-index.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { SandboxPublicationKind } from '../shared/sandbox-publication.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';
import { newNumericId, type PublishedPost } from '../shared/sandbox-state.js';
import type { TokenPayload } from '../shared/signed-token.js';
import { pagesOfUser } from './facebook-business.js';

/**
 * Authenticates a call on a Page (`me` is the Page of a Page token). Writing needs that Page's
 * token; reading also takes the token of the user who manages the Page. Anything else is the
 * permission error code 200, as Graph answers.
 */
export function authorizePage(
  ctx: SandboxContext,
  request: SandboxRequest,
  pageParam: string,
  access: 'read' | 'write',
): { token: TokenPayload; pageId: string } {
  const token = authenticate(ctx, request, 'facebook');
  const pageId = pageParam === 'me' ? (token.k === 'page' ? token.uid : '') : pageParam;
  if (token.k === 'page') {
    if (token.uid !== pageId)
      throw permissionDenied(200, `The Page access token is not for Page ${pageParam}`);
    return { token, pageId };
  }
  if (access === 'write') {
    throw permissionDenied(
      200,
      `Publishing to Page ${pageParam} requires a Page access token: get it from /me/accounts`,
    );
  }
  if (!pagesOfUser(ctx, token).some((page) => page.id === pageId))
    throw permissionDenied(200, `The user does not manage Page ${pageParam}`);
  return { token, pageId };
}

/** Records a published Facebook post (feed, photo or reel) under a fresh `<pageId>_<postId>` id. */
export function publishFacebookPost(
  ctx: SandboxContext,
  input: {
    readonly pageId: string;
    readonly handle: string;
    readonly kind: Extract<SandboxPublicationKind, 'feed' | 'photo' | 'reel'>;
    readonly caption: string;
    readonly mediaUrls: readonly string[];
    readonly children: number;
    /** The photo id (photo posts) or the video id (reels). */
    readonly objectId?: string;
    /** A feed post's `link` (its preview card). */
    readonly link?: string;
  },
): PublishedPost {
  const postPart = newNumericId(ctx.state, '1', 15);
  const postId = `${input.pageId}_${postPart}`;
  const reel = input.kind === 'reel' && input.objectId !== undefined;
  const post: PublishedPost = {
    record: {
      platform: 'facebook',
      id: reel ? (input.objectId ?? postId) : postId,
      accountId: input.pageId,
      kind: input.kind,
      caption: input.caption,
      mediaUrls: [...input.mediaUrls],
      children: input.children,
      permalink: reel
        ? `${ctx.sandboxUrl}/facebook/reel/${input.objectId}`
        : `${ctx.sandboxUrl}/facebook/${input.pageId}/posts/${postPart}`,
      ...(input.kind === 'photo' && input.objectId !== undefined ? { containerId: input.objectId } : {}),
      ...(input.link === undefined ? {} : { link: input.link }),
      at: new Date(nowOf(ctx)),
    },
    handle: input.handle,
    shortcode: postPart,
    postId,
  };
  addPublishedPost(ctx.state, post);
  return post;
}
