import { DEFAULT_META_GRAPH_VERSION, DEFAULT_PLATFORM_FEATURES, type PlatformFeatures } from '@svc/core';
import { z } from 'zod';
import { onOff } from './on-off.js';

/** How the platform adapters ask and call (docs/configuration.md, "Platform apps"). */
export type PlatformSettings = {
  /** The optional features on, which decide the scopes each login asks for. */
  readonly features: PlatformFeatures;
  /** SVC_META_GRAPH_VERSION: the Graph API version of the Instagram and Facebook adapters. */
  readonly metaGraphVersion: string;
  /** FACEBOOK_CONFIG_ID: a Facebook Login for Business configuration, replacing the scope list. */
  readonly facebookConfigId: string | null;
  /**
   * SVC_UNSAFE_PLATFORM_HOSTS: a server whose /sandbox/ stands in for every platform that has
   * app credentials (tests of the live paths, `svc platforms check` included); null: the real hosts.
   */
  readonly unsafePlatformHosts: string | null;
};

// Every message completes "Invalid configuration: <VARIABLE> …".

/** The environment variables of the platform settings, merged into the configuration's schema. */
export const PLATFORM_SETTINGS_ENV = {
  SVC_ANALYTICS: onOff().default(DEFAULT_PLATFORM_FEATURES.analytics),
  SVC_COMMENT_AUTOMATIONS: onOff().default(DEFAULT_PLATFORM_FEATURES.commentAutomations),
  SVC_PRIVATE_REPLIES: onOff().default(DEFAULT_PLATFORM_FEATURES.privateReplies),
  FACEBOOK_BUSINESS_PAGES: onOff().default(DEFAULT_PLATFORM_FEATURES.businessPages),
  FACEBOOK_CONFIG_ID: z
    .string()
    .trim()
    .regex(/^\d{5,20}$/, 'must be the numeric id of a Facebook Login for Business configuration')
    .optional(),
  SVC_META_GRAPH_VERSION: z
    .string()
    .trim()
    .regex(/^v\d{1,3}\.\d$/, 'must be a Graph API version such as v23.0')
    .default(DEFAULT_META_GRAPH_VERSION),
  SVC_UNSAFE_PLATFORM_HOSTS: z
    .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
    .optional(),
};

type PlatformSettingsEnv = z.infer<z.ZodObject<typeof PLATFORM_SETTINGS_ENV>>;

/** The platform settings from the parsed environment. */
export function platformSettings(e: PlatformSettingsEnv): PlatformSettings {
  return {
    features: {
      analytics: e.SVC_ANALYTICS,
      commentAutomations: e.SVC_COMMENT_AUTOMATIONS,
      privateReplies: e.SVC_PRIVATE_REPLIES,
      businessPages: e.FACEBOOK_BUSINESS_PAGES,
    },
    metaGraphVersion: e.SVC_META_GRAPH_VERSION,
    facebookConfigId: e.FACEBOOK_CONFIG_ID ?? null,
    unsafePlatformHosts: e.SVC_UNSAFE_PLATFORM_HOSTS?.replace(/\/+$/, '') ?? null,
  };
}
