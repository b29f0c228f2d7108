import { DEFAULT_PLATFORM_FEATURES, type PlatformGateway } from '@svc/core';
import { createContainerGateway } from '../meta/container-gateway.js';
import { credentialsCommenter } from '../meta/credentials-commenter.js';
import { createGraphFirstComments } from '../meta/graph-first-comments.js';
import type { ContainerGatewayOptions } from '../meta/meta-gateway-options.js';
import { userTokenCredentialsSchema } from '../meta/user-token-credentials.js';
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
    // The first comment: `POST /{ig-media-id}/comments?message=` (platforms.md 1 item 6).
    firstComments: ({ graph, base, clock }) =>
      createGraphFirstComments({
        graph,
        base,
        clock,
        platformName: 'Instagram',
        textField: 'text',
        commenter: credentialsCommenter(userTokenCredentialsSchema, (credentials, job) => ({
          accessToken: credentials.accessToken,
          ownIds: [credentials.userId, job.account.platformAccountId],
          handle: job.account.handle,
        })),
      }),
  });
}
