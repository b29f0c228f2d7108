import type { BlobReader, MediaFetcher, Platform, PlatformGateway } from '@svc/core';
import { createFacebookGateway, type FacebookGatewayConfig } from './facebook/facebook-gateway.js';
import { createInstagramGateway, type InstagramGatewayConfig } from './instagram/instagram-gateway.js';
import { META_DEFAULT_HOSTS } from './meta/meta-default-hosts.js';
import type { PlatformGatewayOptions } from './shared/platform-gateway-options.js';
import { createThreadsGateway, type ThreadsGatewayConfig } from './threads/threads-gateway.js';
import { TIKTOK_DEFAULT_HOSTS } from './tiktok/tiktok-default-hosts.js';
import { createTikTokGateway, type TikTokGatewayConfig } from './tiktok/tiktok-gateway.js';
import { YOUTUBE_DEFAULT_HOSTS } from './youtube/youtube-default-hosts.js';
import { createYouTubeGateway, type YouTubeGatewayConfig } from './youtube/youtube-gateway.js';

/** The base URLs each platform's gateway is pointed at. */
export type PlatformHosts = {
  readonly instagram: InstagramGatewayConfig['hosts'];
  readonly threads: ThreadsGatewayConfig['hosts'];
  readonly facebook: FacebookGatewayConfig['hosts'];
  readonly tiktok: TikTokGatewayConfig['hosts'];
  readonly youtube: YouTubeGatewayConfig['hosts'];
};

/** What a server gives every gateway: the common options, our storage and the safe fetcher. */
export type AdapterOptions<Hosts> = PlatformGatewayOptions<Hosts> & {
  readonly blobs: BlobReader;
  readonly fetcher: MediaFetcher;
};

/** A platform as a server sees it: where the real API lives, and how its gateway is made. */
export type PlatformAdapter<Hosts> = {
  readonly defaultHosts: Hosts;
  create(options: AdapterOptions<Hosts>): PlatformGateway;
};

/** Every platform the service publishes to; a new platform is one row here. */
export const PLATFORM_ADAPTERS: { readonly [P in Platform]: PlatformAdapter<PlatformHosts[P]> } = {
  instagram: { defaultHosts: META_DEFAULT_HOSTS.instagram, create: createInstagramGateway },
  threads: { defaultHosts: META_DEFAULT_HOSTS.threads, create: createThreadsGateway },
  facebook: { defaultHosts: META_DEFAULT_HOSTS.facebook, create: createFacebookGateway },
  tiktok: { defaultHosts: TIKTOK_DEFAULT_HOSTS, create: createTikTokGateway },
  youtube: { defaultHosts: YOUTUBE_DEFAULT_HOSTS, create: createYouTubeGateway },
};
