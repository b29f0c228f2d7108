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
  const sandboxRoot = `${config.baseUrl}/sandbox`;
  const gateways: Partial<Record<Platform, PlatformGateway>> = {};
  const app = (platform: 'instagram' | 'threads' | 'facebook') => {
    const real = config.platformCredentials[platform];
    if (real !== undefined) return { real: true, ...real };
    return config.sandbox ? { real: false, ...SANDBOX_APPS[platform] } : null;
  };
  const instagram = app('instagram');
  if (instagram !== null) {
    gateways.instagram = createInstagramGateway({
      ...instagram,
      clock,
      hosts: instagram.real ? META_DEFAULT_HOSTS.instagram : sandbox.instagram,
      ...(instagram.real ? {} : { profileUrl: (handle: string) => `${sandboxRoot}/instagram/${handle}` }),
    });
  }
  const threads = app('threads');
  if (threads !== null) {
    gateways.threads = createThreadsGateway({
      ...threads,
      clock,
      hosts: threads.real ? META_DEFAULT_HOSTS.threads : sandbox.threads,
      ...(threads.real ? {} : { profileUrl: (handle: string) => `${sandboxRoot}/threads/@${handle}` }),
    });
  }
  const facebook = app('facebook');
  if (facebook !== null) {
    gateways.facebook = createFacebookGateway({
      ...facebook,
      clock,
      hosts: facebook.real ? META_DEFAULT_HOSTS.facebook : sandbox.facebook,
      ...(facebook.real ? {} : { profileUrl: (pageId: string) => `${sandboxRoot}/facebook/${pageId}` }),
    });
  }
  return gateways;
}
