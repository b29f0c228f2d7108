import type { Clock, Platform, PlatformGateway, PlatformGateways } from '@svc/core';
import {
  createFacebookGateway,
  createInstagramGateway,
  createThreadsGateway,
  META_DEFAULT_HOSTS,
} from '@svc/publisher';
import { SANDBOX_APPS, sandboxEndpoints } from '@svc/sandbox';
import type { Config } from './config.js';

/**
 * One gateway per platform the server can publish to: the real API where app credentials are
 * configured, the built-in sandbox simulator (same adapter code, pointed at `/sandbox/`) where
 * they are not and the sandbox is on. TikTok and YouTube adapters arrive in a later version.
 */
export function createPlatformGateways(config: Config, clock: Clock): PlatformGateways {
  const sandbox = sandboxEndpoints(config.baseUrl);
  const setup = <P extends 'instagram' | 'threads' | 'facebook'>(platform: P) => {
    const real = config.platformCredentials[platform];
    if (real !== undefined) return { ...real, clock, hosts: META_DEFAULT_HOSTS[platform] };
    if (!config.sandbox) return null;
    const profilePath = SANDBOX_PROFILE_PATHS[platform];
    return {
      ...SANDBOX_APPS[platform],
      clock,
      hosts: sandbox[platform],
      profileUrl: (id: string) => `${config.baseUrl}/sandbox/${profilePath(id)}`,
    };
  };
  const gateways: Partial<Record<Platform, PlatformGateway>> = {};
  const instagram = setup('instagram');
  if (instagram !== null) gateways.instagram = createInstagramGateway(instagram);
  const threads = setup('threads');
  if (threads !== null) gateways.threads = createThreadsGateway(threads);
  const facebook = setup('facebook');
  if (facebook !== null) gateways.facebook = createFacebookGateway(facebook);
  return gateways;
}

// Where the simulators serve profile pages: by handle, and by Page id on Facebook.
const SANDBOX_PROFILE_PATHS = {
  instagram: (handle: string) => `instagram/${handle}`,
  threads: (handle: string) => `threads/@${handle}`,
  facebook: (pageId: string) => `facebook/${pageId}`,
} as const;
