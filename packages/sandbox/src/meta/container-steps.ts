import { injectedFailure } from '../shared/failure-injection.js';
import { graphError, invalidParameter, type SandboxHttpError } from '../shared/graph-error.js';
import { takeContainerError } from '../shared/graph-injections.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { InstagramContainerOptions } from '../shared/sandbox-publication.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';
import {
  type ContainerFailure,
  type ContainerMediaType,
  type MediaContainer,
  publishedInLastDay,
} from '../shared/sandbox-state.js';
import type { TokenPayload } from '../shared/signed-token.js';
import {
  authenticateOwner,
  type ContainerMedia,
  type ContainerStatus,
  containerStatus,
  inspectContainerMedia,
  publishContainer,
  storeContainer,
} from './media-containers.js';

// The steps Instagram's and Threads' create and publish endpoints share. Each platform keeps what
// it words its own way: which media types it takes, its carousel bounds, how it refuses a
// container that is not FINISHED, and its quota refusal.

type ContainerPlatform = 'instagram' | 'threads';

/** A parameter Graph requires, trimmed; code 100 when missing or blank. */
export function requiredParam(r: SandboxRequest, name: string): string {
  const value = r.input.get(name)?.trim();
  if (value === undefined || value === '') throw invalidParameter(`The parameter ${name} is required`);
  return value;
}

/** The first of `ids` that is not a FINISHED carousel item container of `owner`, if any. */
export function unusableCarouselChild(
  ctx: SandboxContext,
  platform: ContainerPlatform,
  owner: string,
  ids: readonly string[],
): string | undefined {
  return ids.find((id) => {
    const child = ctx.state.containers.get(id);
    return !(
      child?.platform === platform &&
      child.owner === owner &&
      child.carouselItem &&
      containerStatus(ctx, child) === 'FINISHED'
    );
  });
}

/** What a create call asked for, once the platform has read and checked it. */
export type RequestedContainer = {
  readonly mediaType: string;
  readonly carouselItem: boolean;
  /** The caption (Instagram) or text (Threads); carousel items keep none. */
  readonly caption: string;
  readonly media: readonly ContainerMedia[];
  readonly children: readonly string[];
  /** Threads' `reply_to_id`: the post the new one replies to. */
  readonly replyTo?: string;
  /** Instagram's options (collaborators, user tags, location, reel settings), once checked. */
  readonly instagram?: InstagramContainerOptions;
  /** Threads' `reply_control`: who may reply to the new post. */
  readonly replyControl?: string;
};

/**
 * `POST /{user-id}/<media edge>`: the token's own account, the container `read` from the request
 * (the platform checks its fields), its media inspected as Meta would; answers the new id.
 */
export async function createRequestedContainer(
  ctx: SandboxContext,
  platform: ContainerPlatform,
  r: SandboxRequest,
  read: (r: SandboxRequest, token: TokenPayload) => RequestedContainer,
): Promise<Reply> {
  const token = authenticateOwner(ctx, r, platform);
  const request = read(r, token);
  // A test may have asked for the next container to fail with a given subcode (graph-injections.ts).
  const injected = takeContainerError(ctx.state.graphInjections, platform);
  const failure: ContainerFailure | null =
    injected === null
      ? await inspectContainerMedia(ctx, platform, request.media)
      : { code: -1, subcode: injected.subcode, message: injected.message, threadsError: 'UNKNOWN' };
  const container = storeContainer(ctx, {
    platform,
    owner: token.uid,
    handle: token.h,
    mediaType: request.mediaType as ContainerMediaType,
    carouselItem: request.carouselItem,
    caption: request.carouselItem ? '' : request.caption,
    mediaUrls: request.media.map((m) => m.url),
    children: [...request.children],
    ...(request.replyTo === undefined ? {} : { replyTo: request.replyTo }),
    ...(request.instagram === undefined ? {} : { instagram: request.instagram }),
    ...(request.replyControl === undefined ? {} : { replyControl: request.replyControl }),
    failure,
  });
  return jsonReply(200, { id: container.id });
}

/** How a platform words the refusals of a publish call that differ between Instagram and Threads. */
export type PublishRefusals = {
  /** `creation_id` is not a container of the token's account. */
  readonly notFound: (creationId: string) => SandboxHttpError;
  /** The container is not FINISHED: still processing, failed or expired. */
  readonly unfinished: (
    status: Exclude<ContainerStatus, 'FINISHED' | 'PUBLISHED'>,
    container: MediaContainer,
  ) => SandboxHttpError;
  /** The account reached its 24-hour publishing quota. */
  readonly overQuota: (quota: number) => SandboxHttpError;
};

/**
 * `POST /{user-id}/<publish edge>` `creation_id=…`: publishes the token's own FINISHED container
 * (not a lone carousel item, not twice) unless a test injected a failure for its caption or the
 * account reached its quota; answers the new media id.
 */
export function publishRequestedContainer(
  ctx: SandboxContext,
  platform: ContainerPlatform,
  r: SandboxRequest,
  refusals: PublishRefusals,
): Reply {
  const token = authenticateOwner(ctx, r, platform);
  const creationId = requiredParam(r, 'creation_id');
  const container = ctx.state.containers.get(creationId);
  if (container?.platform !== platform || container.owner !== token.uid) throw refusals.notFound(creationId);
  if (container.carouselItem) {
    throw invalidParameter('A carousel item cannot be published on its own: publish its CAROUSEL container');
  }
  const status = containerStatus(ctx, container);
  if (status === 'PUBLISHED') {
    throw graphError(400, {
      code: 100,
      message: `(#100) The media container ${creationId} has already been published`,
      userTitle: 'Media already published',
      userMessage: 'This media has already been published.',
    });
  }
  if (status !== 'FINISHED') throw refusals.unfinished(status, container);
  const injected = injectedFailure(ctx.state, platform, token.uid, container.caption);
  if (injected !== null) throw injected;
  const quota = ctx.state.settings.quotas[platform];
  if (publishedInLastDay(ctx.state, platform, token.uid, nowOf(ctx)) >= quota)
    throw refusals.overQuota(quota);
  return jsonReply(200, { id: publishContainer(ctx, container).record.id });
}
