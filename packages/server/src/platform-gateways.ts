import type { BlobReader, Clock, MediaFetcher, Platform, PlatformGateway, PlatformGateways } from '@svc/core';
import {
  createFacebookGateway,
  createInstagramGateway,
  createThreadsGateway,
  createTikTokGateway,
  createYouTubeGateway,
  META_DEFAULT_HOSTS,
  TIKTOK_DEFAULT_HOSTS,
  YOUTUBE_DEFAULT_HOSTS,
} from '@svc/publisher';
import { SANDBOX_APPS, sandboxEndpoints } from '@svc/sandbox';
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
 * configured, the built-in sandbox simulator (same adapter code, pointed at `/sandbox/`) where
 * they are not and the sandbox is on.
 */
export function createPlatformGateways(config: Config, deps: GatewayDeps): PlatformGateways {
  const sandbox = sandboxEndpoints(config.baseUrl);
  const sandboxPage = (path: string) => `${config.baseUrl}/sandbox/${path}`;
  // The app credentials and hosts of a platform, or null when it has neither real nor sandbox ones.
  const app = <P extends Platform>(platform: P) => {
    const real = config.platformCredentials[platform];
    if (real !== undefined) return { ...real, sandbox: false as const };
    return config.sandbox ? { ...SANDBOX_APPS[platform], sandbox: true as const } : null;
  };
  const gateways: Partial<Record<Platform, PlatformGateway>> = {};
  const { clock } = deps;

  const instagram = app('instagram');
  if (instagram !== null) {
    gateways.instagram = createInstagramGateway({
      ...instagram,
      clock,
      hosts: instagram.sandbox ? sandbox.instagram : META_DEFAULT_HOSTS.instagram,
      ...(instagram.sandbox ? { profileUrl: (handle: string) => sandboxPage(`instagram/${handle}`) } : {}),
    });
  }
  const threads = app('threads');
  if (threads !== null) {
    gateways.threads = createThreadsGateway({
      ...threads,
      clock,
      hosts: threads.sandbox ? sandbox.threads : META_DEFAULT_HOSTS.threads,
      ...(threads.sandbox ? { profileUrl: (handle: string) => sandboxPage(`threads/@${handle}`) } : {}),
    });
  }
  const facebook = app('facebook');
  if (facebook !== null) {
    gateways.facebook = createFacebookGateway({
      ...facebook,
      clock,
      hosts: facebook.sandbox ? sandbox.facebook : META_DEFAULT_HOSTS.facebook,
      ...(facebook.sandbox ? { profileUrl: (pageId: string) => sandboxPage(`facebook/${pageId}`) } : {}),
    });
  }
  const tiktok = app('tiktok');
  if (tiktok !== null) {
    gateways.tiktok = createTikTokGateway({
      ...tiktok,
      clock,
      blobs: deps.blobs,
      hosts: tiktok.sandbox ? sandbox.tiktok : TIKTOK_DEFAULT_HOSTS,
      ...(tiktok.sandbox
        ? {
            profileUrl: (username: string) => sandboxPage(`tiktok/@${username}`),
            postUrl: (username: string, id: string) => sandboxPage(`tiktok/@${username}/video/${id}`),
          }
        : {}),
    });
  }
  const youtube = app('youtube');
  if (youtube !== null) {
    gateways.youtube = createYouTubeGateway({
      ...youtube,
      clock,
      blobs: deps.blobs,
      fetcher: deps.fetcher,
      hosts: youtube.sandbox ? sandbox.youtube : YOUTUBE_DEFAULT_HOSTS,
      ...(youtube.sandbox
        ? {
            channelUrl: (channelId: string) => sandboxPage(`youtube/channel/${channelId}`),
            videoUrl: (videoId: string) => sandboxPage(`youtube/shorts/${videoId}`),
          }
        : {}),
    });
  }
  return gateways;
}
