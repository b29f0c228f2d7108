import {
  type BlobReader,
  DEFAULT_META_GRAPH_VERSION,
  type MediaFetcher,
  type Platform,
  type PlatformGateway,
  type PlatformProbe,
} from '@svc/core';
import { createFacebookGateway, type FacebookGatewayConfig } from './facebook/facebook-gateway.js';
import { createInstagramGateway, type InstagramGatewayConfig } from './instagram/instagram-gateway.js';
import { META_DEFAULT_HOSTS } from './meta/meta-default-hosts.js';
import { googleProbe, tiktokProbe } from './probes/google-tiktok-probes.js';
import { facebookProbe, instagramProbe, threadsProbe } from './probes/meta-probes.js';
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

/** What a platform's live probe is made with (`svc platforms check`). */
export type ProbeOptions<Hosts> = {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly hosts: Hosts;
  /** Instagram's and Facebook's Graph version (Threads keeps v1.0). */
  readonly graphVersion?: string;
  /** The service's OAuth callback, which some probes must name. */
  readonly redirectUri: string;
  /** Time limit of each probe call. Default 10 s. */
  readonly timeoutMs?: number;
};

/** A platform as a server sees it: where the real API lives, and how its gateway and probe are made. */
export type PlatformAdapter<Hosts> = {
  readonly defaultHosts: Hosts;
  create(options: AdapterOptions<Hosts>): PlatformGateway;
  /** Live checks of the app's settings that post nothing. */
  probe(options: ProbeOptions<Hosts>): PlatformProbe;
};

const PROBE_TIMEOUT_MS = 10_000;
const app = <H>(o: ProbeOptions<H>) => ({
  clientId: o.clientId,
  clientSecret: o.clientSecret,
  timeoutMs: o.timeoutMs ?? PROBE_TIMEOUT_MS,
});

/** Every platform the service publishes to; a new platform is one row here. */
export const PLATFORM_ADAPTERS: { readonly [P in Platform]: PlatformAdapter<PlatformHosts[P]> } = {
  instagram: {
    defaultHosts: META_DEFAULT_HOSTS.instagram,
    create: createInstagramGateway,
    probe: (o) => instagramProbe({ ...app(o), api: o.hosts.api }, o.redirectUri),
  },
  threads: {
    defaultHosts: META_DEFAULT_HOSTS.threads,
    create: createThreadsGateway,
    probe: (o) => threadsProbe({ ...app(o), graph: o.hosts.graph, version: 'v1.0' }),
  },
  facebook: {
    defaultHosts: META_DEFAULT_HOSTS.facebook,
    create: createFacebookGateway,
    probe: (o) =>
      facebookProbe({
        ...app(o),
        graph: o.hosts.graph,
        version: o.graphVersion ?? DEFAULT_META_GRAPH_VERSION,
      }),
  },
  tiktok: {
    defaultHosts: TIKTOK_DEFAULT_HOSTS,
    create: createTikTokGateway,
    probe: (o) => tiktokProbe({ ...app(o), api: o.hosts.api }),
  },
  youtube: {
    defaultHosts: YOUTUBE_DEFAULT_HOSTS,
    create: createYouTubeGateway,
    probe: (o) => googleProbe({ ...app(o), api: o.hosts.oauth2 }),
  },
};
