import { authenticate } from '../shared/authenticate.js';
import { type ImageFormat, imageFormatOf } from '../shared/download-media.js';
import { permissionDenied } from '../shared/graph-error.js';
import { addPublishedPost, postWithPostId, postWithRecordId } from '../shared/published-post-index.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { SandboxPublicationKind } from '../shared/sandbox-publication.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';
import {
  type ContainerFailure,
  type ContainerMediaType,
  type MediaContainer,
  newNumericId,
  newShortcode,
  type PublishedPost,
} from '../shared/sandbox-state.js';
import type { TokenPayload } from '../shared/signed-token.js';

/** The `status_code` (Instagram) / `status` (Threads) of a container. */
export type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

const CONTAINER_LIFETIME_MS = 24 * 60 * 60_000;

/**
 * A container's status by the sandbox clock: IN_PROGRESS until the configured processing time
 * has passed (text at once), EXPIRED 24 h after creation unless published.
 */
export function containerStatus(ctx: SandboxContext, container: MediaContainer): ContainerStatus {
  if (container.publishedAs !== null) return 'PUBLISHED';
  if (container.failure !== null) return 'ERROR';
  const age = nowOf(ctx) - container.createdAt;
  if (age >= CONTAINER_LIFETIME_MS) return 'EXPIRED';
  const video = container.mediaType === 'VIDEO' || container.mediaType === 'REELS';
  const readyAfter =
    container.mediaType === 'TEXT' ? 0 : ctx.state.settings.readyAfter[video ? 'video' : 'image'];
  return age >= readyAfter ? 'FINISHED' : 'IN_PROGRESS';
}

/**
 * Authenticates a call on `/{user-id}/…` and checks the token is that user's (`me` stands for
 * the token's own user). Another account's id gets the permission error code 10.
 */
export function authenticateOwner(
  ctx: SandboxContext,
  request: SandboxRequest,
  platform: 'instagram' | 'threads',
): TokenPayload {
  const token = authenticate(ctx, request, platform);
  const id = request.params.id ?? 'me';
  if (id !== 'me' && id !== token.uid) {
    throw permissionDenied(10, `Application does not have permission for this action on user ${id}`);
  }
  return token;
}

/** A list of ids given as `a,b,c` or as a JSON array. */
export function parseIdList(value: string | undefined): string[] {
  if (value === undefined) return [];
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // Not JSON after all: read it as a comma list.
    }
  }
  return text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

/** Image formats each platform's containers take (Instagram JPEG only; Threads JPEG and PNG). */
const IMAGE_FORMATS: Readonly<Record<'instagram' | 'threads', readonly ImageFormat[]>> = {
  instagram: ['jpeg'],
  threads: ['jpeg', 'png'],
};

/** A media link a container was created with. */
export type ContainerMedia = { readonly url: string; readonly kind: 'image' | 'video' };

/**
 * Downloads each link as Meta would (when media fetching is on) and returns why the container
 * must end in ERROR, or null. Instagram takes JPEG images only, Threads JPEG and PNG.
 */
export async function inspectContainerMedia(
  ctx: SandboxContext,
  platform: 'instagram' | 'threads',
  media: readonly ContainerMedia[],
): Promise<ContainerFailure | null> {
  const { download: read } = ctx;
  if (read === null) return null;
  for (const item of media) {
    const download = await read(item.url);
    const threadsError = item.kind === 'video' ? 'FAILED_DOWNLOADING_VIDEO' : 'UNKNOWN';
    if (!download.ok) {
      return {
        code: 9004,
        subcode: 2207052,
        message: `The media could not be fetched from this uri: ${item.url} (${download.reason})`,
        threadsError,
      };
    }
    const format = imageFormatOf(download.bytes);
    if (item.kind === 'image' && (format === null || !IMAGE_FORMATS[platform].includes(format))) {
      return {
        code: 36001,
        subcode: 2207005,
        message: `The image format is not supported. Supported formats are: ${IMAGE_FORMATS[platform].map((f) => f.toUpperCase()).join(', ')}.`,
        threadsError,
      };
    }
  }
  return null;
}

/** Stores a new container and returns it. */
export function storeContainer(
  ctx: SandboxContext,
  fields: Omit<MediaContainer, 'id' | 'createdAt' | 'publishedAs'>,
): MediaContainer {
  const container: MediaContainer = {
    ...fields,
    id: newNumericId(ctx.state, '17', 15),
    createdAt: nowOf(ctx),
    publishedAs: null,
  };
  ctx.state.containers.set(container.id, container);
  return container;
}

const PUBLICATION_KIND: Readonly<Record<ContainerMediaType, SandboxPublicationKind>> = {
  IMAGE: 'IMAGE',
  VIDEO: 'VIDEO',
  REELS: 'REELS',
  CAROUSEL: 'CAROUSEL',
  TEXT: 'TEXT',
};

/** Publishes a FINISHED container (and marks its carousel children) and records the post. */
export function publishContainer(ctx: SandboxContext, container: MediaContainer): PublishedPost {
  const children = container.children.flatMap((id) => {
    const child = ctx.state.containers.get(id);
    return child === undefined ? [] : [child];
  });
  const mediaId = newNumericId(ctx.state, '18', 15);
  const shortcode = newShortcode(ctx.state);
  container.publishedAs = mediaId;
  for (const child of children) child.publishedAs = mediaId;
  const permalink =
    container.platform === 'instagram'
      ? `${ctx.sandboxUrl}/instagram/p/${shortcode}/`
      : `${ctx.sandboxUrl}/threads/@${encodeURIComponent(container.handle)}/post/${shortcode}`;
  const post: PublishedPost = {
    record: {
      platform: container.platform,
      id: mediaId,
      accountId: container.owner,
      kind: PUBLICATION_KIND[container.mediaType],
      caption: container.caption,
      mediaUrls: children.length > 0 ? children.flatMap((c) => c.mediaUrls) : [...container.mediaUrls],
      children: children.length,
      permalink,
      containerId: container.id,
      ...(container.replyTo === undefined ? {} : { replyTo: container.replyTo }),
      ...instagramOptionsOf(container, children),
      ...(container.replyControl === undefined ? {} : { replyControl: container.replyControl }),
      at: new Date(nowOf(ctx)),
    },
    handle: container.handle,
    shortcode,
    postId: mediaId,
  };
  addPublishedPost(ctx.state, post);
  return post;
}

/** The published post with this id on the platform, if any. */
export function findPost(
  ctx: SandboxContext,
  platform: 'instagram' | 'threads' | 'facebook',
  id: string,
): PublishedPost | undefined {
  const byRecord = postWithRecordId(ctx.state.postIndex, platform, id);
  const byPost = postWithPostId(ctx.state.postIndex, platform, id);
  // The one published first, as a search of the list from its start would find.
  if (byRecord === undefined || byPost === undefined || byRecord === byPost) return byRecord ?? byPost;
  return ctx.state.posts.indexOf(byRecord) < ctx.state.posts.indexOf(byPost) ? byRecord : byPost;
}

// The Instagram options of a post and its children, when any was sent (tests read them back).
function instagramOptionsOf(
  container: MediaContainer,
  children: readonly MediaContainer[],
): Pick<PublishedPost['record'], 'instagram'> {
  const sent = [container, ...children].some((c) => Object.keys(c.instagram ?? {}).length > 0);
  if (!sent) return {};
  return {
    instagram: { options: container.instagram ?? {}, children: children.map((c) => c.instagram ?? {}) },
  };
}
