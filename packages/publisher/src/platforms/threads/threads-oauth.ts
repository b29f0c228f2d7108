import type { PlatformFeatures } from '@svc/core';
import { type ContainerOAuthSpec, metaLoginSpec } from '../meta/container-oauth.js';
import { THREADS_PROFILE_FIELDS, threadsProfileSchema } from './threads-api.js';

/** Threads Login (platforms.md 4.1): its consent page and grants; insights only with analytics on. */
export function threadsOAuth(
  hosts: { readonly www: string; readonly graph: string },
  features: PlatformFeatures,
) {
  return {
    ...metaLoginSpec('threads', hosts, features),
    platformName: 'Threads',
    authorizeExtras: {},
    codeExchangeUrl: `${hosts.graph}/oauth/access_token`,
    exchangeGrant: 'th_exchange_token',
    refreshGrant: 'th_refresh_token',
    profileFields: THREADS_PROFILE_FIELDS,
    profileSchema: threadsProfileSchema,
  } satisfies ContainerOAuthSpec;
}
