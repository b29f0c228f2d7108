import type { ContainerOAuthSpec } from '../meta/container-oauth.js';
import { COMMENT_REPLY_PERMISSIONS } from './comment-reply-permissions.js';
import { INSTAGRAM_PROFILE_FIELDS, instagramProfileSchema } from './instagram-api.js';

/** Instagram API with Instagram Login (platforms.md 1.1): its consent page, grants and permission. */
export function instagramOAuth(hosts: {
  readonly www: string;
  readonly api: string;
  readonly graph: string;
}) {
  return {
    platformName: 'Instagram',
    graphHost: hosts.graph,
    defaultScopes: [
      'instagram_business_basic',
      'instagram_business_content_publish',
      'instagram_business_manage_insights',
      ...COMMENT_REPLY_PERMISSIONS,
    ],
    authorizePage: `${hosts.www}/oauth/authorize`,
    // Keeps the consent on Instagram's own login instead of offering Facebook's.
    authorizeExtras: { enable_fb_login: '0' },
    codeExchangeUrl: `${hosts.api}/oauth/access_token`,
    exchangeGrant: 'ig_exchange_token',
    refreshGrant: 'ig_refresh_token',
    publishPermission: 'instagram_business_content_publish',
    profileFields: INSTAGRAM_PROFILE_FIELDS,
    profileSchema: instagramProfileSchema,
  } satisfies ContainerOAuthSpec;
}
