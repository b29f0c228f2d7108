import { DEFAULT_PLATFORM_FEATURES, type PlatformGateway } from '@svc/core';
import { createContainerGateway } from '../meta/container-gateway.js';
import type { ContainerGatewayOptions } from '../meta/meta-gateway-options.js';
import { THREADS_DIALECT } from './threads-api.js';
import { createThreadsFirstComments } from './threads-first-comments.js';
import { threadsOAuth } from './threads-oauth.js';
import { type ThreadsMultiSlide, toThreadsRequest } from './to-threads-request.js';

/**
 * Configuration of the Threads gateway: Graph version default 'v1.0', profile links default
 * `https://www.threads.net/@<handle>`.
 */
export type ThreadsGatewayConfig = ContainerGatewayOptions<{
  readonly www: string;
  readonly graph: string;
}> & {
  /** Posts with several slides: only the first (default), or a carousel. */
  readonly multiSlide?: ThreadsMultiSlide;
};

/** A PlatformGateway for Threads accounts (platforms.md §4). */
export function createThreadsGateway(config: ThreadsGatewayConfig): PlatformGateway {
  const multiSlide = config.multiSlide ?? 'first_slide';
  return createContainerGateway(config, {
    dialect: THREADS_DIALECT,
    defaultVersion: 'v1.0',
    defaultProfileUrl: (handle) => `https://www.threads.net/@${handle}`,
    oauth: threadsOAuth(config.hosts, config.features ?? DEFAULT_PLATFORM_FEATURES),
    toRequest: (job) => toThreadsRequest(job.post, job.media, multiSlide, job.replyToId),
    firstComments: createThreadsFirstComments,
  });
}
