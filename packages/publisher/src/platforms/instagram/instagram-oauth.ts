import type { PlatformFeatures } from '@svc/core';
import { type ContainerOAuthSpec, metaLoginSpec } from '../meta/container-oauth.js';
import { INSTAGRAM_PROFILE_FIELDS, instagramProfileSchema } from './instagram-api.js';

/**
 * Instagram API with Instagram Login (platforms.md 1.1): its consent page and grants. It asks for
 * publishing's permissions and those of the enabled features only (insights for analytics,
 * comments for automations, messages for private replies).
 */
export function instagramOAuth(
  hosts: { readonly www: string; readonly api: string; readonly graph: string },
  features: PlatformFeatures,
) {
  return {
    ...metaLoginSpec('instagram', hosts, features),
    platformName: 'Instagram',
    // Keeps the consent on Instagram's own login instead of offering Facebook's.
    authorizeExtras: { enable_fb_login: '0' },
    codeExchangeUrl: `${hosts.api}/oauth/access_token`,
    exchangeGrant: 'ig_exchange_token',
    refreshGrant: 'ig_refresh_token',
    profileFields: INSTAGRAM_PROFILE_FIELDS,
    profileSchema: instagramProfileSchema,
  } satisfies ContainerOAuthSpec;
}
