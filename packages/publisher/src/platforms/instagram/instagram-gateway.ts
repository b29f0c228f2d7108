import { DEFAULT_PLATFORM_FEATURES, type PlatformGateway } from '@svc/core';
import { createContainerGateway } from '../meta/container-gateway.js';
import type { ContainerGatewayOptions } from '../meta/meta-gateway-options.js';
import { INSTAGRAM_DIALECT } from './instagram-api.js';
import { createInstagramCommentReplies } from './instagram-comment-replies.js';
import { instagramOAuth } from './instagram-oauth.js';
import { toInstagramRequest } from './to-instagram-request.js';

/**
 * Configuration of the Instagram gateway (Instagram API with Instagram Login): Graph version
 * default 'v23.0', profile links default `https://www.instagram.com/<handle>`.
 */
export type InstagramGatewayConfig = ContainerGatewayOptions<{
  readonly www: string;
  readonly api: string;
  readonly graph: string;
}>;

/** A PlatformGateway for Instagram professional accounts (platforms.md §1), answering comments too (1.6). */
export function createInstagramGateway(config: InstagramGatewayConfig): PlatformGateway {
  return createContainerGateway(config, {
    dialect: INSTAGRAM_DIALECT,
    defaultVersion: 'v23.0',
    defaultProfileUrl: (handle) => `https://www.instagram.com/${handle}`,
    oauth: instagramOAuth(config.hosts, config.features ?? DEFAULT_PLATFORM_FEATURES),
    toRequest: (job) => toInstagramRequest(job.post, job.media),
    insightNames: { saves: 'saved' },
    commentReplies: createInstagramCommentReplies,
  });
}
