import type { PlatformGateway } from '@svc/core';
import { createContainerGateway } from '../meta/create-container-gateway.js';
import type { ContainerGatewayOptions } from '../meta/meta-gateway-options.js';
import { INSTAGRAM_DIALECT, INSTAGRAM_PROFILE_FIELDS, instagramProfileSchema } from './instagram-api.js';
import { toInstagramRequest } from './to-instagram-request.js';

/**
 * Configuration of the Instagram gateway (Instagram API with Instagram Login): Graph version
 * default 'v23.0', profile links default `https://www.instagram.com/<handle>`.
 */
export type InstagramGatewayConfig = ContainerGatewayOptions & {
  /** Base URLs, which may carry a path (the sandbox's do). */
  readonly hosts: { readonly www: string; readonly api: string; readonly graph: string };
};

/** A PlatformGateway for Instagram professional accounts (platforms.md §1). */
export function createInstagramGateway(config: InstagramGatewayConfig): PlatformGateway {
  return createContainerGateway(config, {
    dialect: INSTAGRAM_DIALECT,
    graphHost: config.hosts.graph,
    defaultVersion: 'v23.0',
    defaultScopes: ['instagram_business_basic', 'instagram_business_content_publish'],
    defaultProfileUrl: (handle) => `https://www.instagram.com/${handle}`,
    authorizePage: `${config.hosts.www}/oauth/authorize`,
    // Keeps the consent on Instagram's own login instead of offering Facebook's.
    authorizeExtras: { enable_fb_login: '0' },
    codeExchangeUrl: `${config.hosts.api}/oauth/access_token`,
    exchangeGrant: 'ig_exchange_token',
    refreshGrant: 'ig_refresh_token',
    publishPermission: 'instagram_business_content_publish',
    profileFields: INSTAGRAM_PROFILE_FIELDS,
    profileSchema: instagramProfileSchema,
    plan: (job) => toInstagramRequest(job.post, job.media),
  });
}
