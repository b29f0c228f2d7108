import type { PlatformGateway } from '@svc/core';
import { createContainerGateway } from '../meta/create-container-gateway.js';
import type { ContainerGatewayOptions } from '../meta/meta-gateway-options.js';
import { THREADS_DIALECT, THREADS_PROFILE_FIELDS, threadsProfileSchema } from './threads-api.js';
import { type ThreadsMultiSlide, toThreadsRequest } from './to-threads-request.js';

/**
 * Configuration of the Threads gateway: Graph version default 'v1.0', profile links default
 * `https://www.threads.net/@<handle>`.
 */
export type ThreadsGatewayConfig = ContainerGatewayOptions & {
  /** Base URLs, which may carry a path (the sandbox's do). */
  readonly hosts: { readonly www: string; readonly graph: string };
  /** Posts with several slides: only the first (default), or a carousel. */
  readonly multiSlide?: ThreadsMultiSlide;
};

/** A PlatformGateway for Threads accounts (platforms.md §4). */
export function createThreadsGateway(config: ThreadsGatewayConfig): PlatformGateway {
  const multiSlide = config.multiSlide ?? 'first_slide';
  return createContainerGateway(config, {
    dialect: THREADS_DIALECT,
    graphHost: config.hosts.graph,
    defaultVersion: 'v1.0',
    defaultScopes: ['threads_basic', 'threads_content_publish'],
    defaultProfileUrl: (handle) => `https://www.threads.net/@${handle}`,
    authorizePage: `${config.hosts.www}/oauth/authorize`,
    authorizeExtras: {},
    codeExchangeUrl: `${config.hosts.graph}/oauth/access_token`,
    exchangeGrant: 'th_exchange_token',
    refreshGrant: 'th_refresh_token',
    publishPermission: 'threads_content_publish',
    profileFields: THREADS_PROFILE_FIELDS,
    profileSchema: threadsProfileSchema,
    plan: (job) => toThreadsRequest(job.post, job.media, multiSlide),
  });
}
