import {
  type BlobReader,
  type Clock,
  type MediaFetcher,
  PLATFORMS,
  type Platform,
  type PlatformGateway,
  type PlatformGateways,
} from '@svc/core';
import { PLATFORM_ADAPTERS, type PlatformHosts } from '@svc/publisher';
import { SANDBOX_APPS, sandboxEndpoints, sandboxLinks } from '@svc/sandbox';
import type { Config } from './config.js';

/** What the gateways need besides the configuration. */
export type GatewayDeps = {
  readonly clock: Clock;
  /** Stored media, which TikTok and YouTube videos are uploaded from. */
  readonly blobs: BlobReader;
  /** The SSRF-safe fetcher, for YouTube thumbnails given as links. */
  readonly fetcher: MediaFetcher;
};

/**
 * One gateway per platform the server can publish to: the real API where app credentials are
 * configured, the built-in sandbox simulator (same adapter code, pointed at `/sandbox/` and
 * linking to its pages) where they are not and the sandbox is on.
 */
export function createPlatformGateways(config: Config, deps: GatewayDeps): PlatformGateways {
  const endpoints = sandboxEndpoints(config.baseUrl);
  const links = sandboxLinks(config.baseUrl);
  const { features, metaGraphVersion, facebookConfigId } = config.platforms;
  // The same for real and sandbox apps, so the sandbox asks what the real platform would be asked.
  // The Graph version is Instagram's and Facebook's only: Threads keeps its own v1.0.
  const tuningOf = (platform: Platform) => ({
    features,
    configId: facebookConfigId,
    ...(platform === 'instagram' || platform === 'facebook' ? { graphVersion: metaGraphVersion } : {}),
  });

  function gatewayOf<P extends Platform>(platform: P): PlatformGateway | null {
    const adapter = PLATFORM_ADAPTERS[platform];
    const real = config.platformCredentials[platform];
    const own = { ...tuningOf(platform), ...platformOptions(config, platform, real !== undefined) };
    if (real !== undefined)
      return adapter.create({ ...real, ...deps, ...own, hosts: liveHosts(config, platform) });
    if (!config.sandbox) return null;
    return adapter.create({
      ...SANDBOX_APPS[platform],
      ...deps,
      ...own,
      hosts: endpoints[platform],
      links: links[platform],
    });
  }

  const gateways: Partial<Record<Platform, PlatformGateway>> = {};
  for (const platform of PLATFORMS) {
    const gateway = gatewayOf(platform);
    if (gateway !== null) gateways[platform] = gateway;
  }
  return gateways;
}

/**
 * A platform's own settings. TikTok's PKCE encoding is the one the sandbox checks too; photos are
 * pulled from the verified prefix, which for the sandbox defaults to the service's media links
 * (the sandbox app verifies the same prefix, `server-sandbox.ts`), and for real TikTok stays null
 * until the operator sets it, so photo posts are refused when scheduled.
 */
function platformOptions(config: Config, platform: Platform, real: boolean) {
  if (platform !== 'tiktok') return {};
  return {
    pkceEncoding: config.tiktok.pkceEncoding,
    verifiedMediaPrefix: real ? config.tiktok.verifiedMediaPrefix : sandboxTikTokPrefix(config),
    ownMediaPrefix: `${config.baseUrl}/media/`,
    photoResendAfterMs: config.tiktok.photoResendAfterMs,
  };
}

/** The prefix the sandbox's TikTok app has verified: the operator's, else the service's media links. */
export function sandboxTikTokPrefix(config: Config): string {
  return config.tiktok.verifiedMediaPrefix ?? `${config.baseUrl}/media/`;
}

/**
 * Where a platform with app credentials is called: its real hosts, or, with
 * SVC_UNSAFE_PLATFORM_HOSTS (tests only), the sandbox of the server at that address.
 */
export function liveHosts<P extends Platform>(config: Config, platform: P): PlatformHosts[P] {
  const stand = config.platforms.unsafePlatformHosts;
  return stand === null ? PLATFORM_ADAPTERS[platform].defaultHosts : sandboxEndpoints(stand)[platform];
}
