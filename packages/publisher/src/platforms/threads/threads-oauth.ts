import type { ContainerOAuthSpec } from '../meta/container-oauth.js';
import { THREADS_PROFILE_FIELDS, threadsProfileSchema } from './threads-api.js';

/** Threads Login (platforms.md 4.1): its consent page, grants and permission. */
export function threadsOAuth(hosts: { readonly www: string; readonly graph: string }) {
  return {
    platformName: 'Threads',
    graphHost: hosts.graph,
    defaultScopes: ['threads_basic', 'threads_content_publish', 'threads_manage_insights'],
    authorizePage: `${hosts.www}/oauth/authorize`,
    authorizeExtras: {},
    codeExchangeUrl: `${hosts.graph}/oauth/access_token`,
    exchangeGrant: 'th_exchange_token',
    refreshGrant: 'th_refresh_token',
    publishPermission: 'threads_content_publish',
    profileFields: THREADS_PROFILE_FIELDS,
    profileSchema: threadsProfileSchema,
  } satisfies ContainerOAuthSpec;
}
