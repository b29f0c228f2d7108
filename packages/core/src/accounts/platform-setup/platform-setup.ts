import type { Platform } from '../../kernel/index.js';
import type { PlatformFeatures } from './platform-scopes.js';

/** An app's id and secret as the operator configured them. */
export type PlatformApp = { readonly clientId: string; readonly clientSecret: string };

/** The settings the platform checks read (docs/connections.md, "What `svc platforms check` verifies"). */
export type PlatformSetup = {
  /** SVC_BASE_URL without a trailing slash. */
  readonly baseUrl: string;
  readonly sandbox: boolean;
  readonly features: PlatformFeatures;
  readonly credentials: Readonly<Partial<Record<Platform, PlatformApp>>>;
  /** SVC_META_GRAPH_VERSION: Instagram's and Facebook's Graph API version. */
  readonly metaGraphVersion: string;
  /** FACEBOOK_CONFIG_ID: a Facebook Login for Business configuration, which replaces the scope list. */
  readonly facebookConfigId: string | null;
  /**
   * The URL prefix verified in TikTok's developer portal for PULL_FROM_URL (photo posts); null
   * when the setting is absent. Read by name from the environment, whichever helper adds it.
   */
  readonly tiktokVerifiedMediaPrefix: string | null;
  /** Where signed media links point, which platforms fetch (`{baseUrl}/media/`). */
  readonly mediaUrlPrefix: string;
};
