import {
  CONNECT_CALLBACK_PATH,
  checkPlatforms,
  PLATFORMS,
  type Platform,
  type PlatformProbe,
  type PlatformProbes,
  type PlatformReport,
  type PlatformSetup,
  type ProbedAccount,
} from '@svc/core';
import {
  PLATFORM_ADAPTERS,
  type PlatformAdapter,
  type PlatformHosts,
  type ProbeOptions,
} from '@svc/publisher';
import { SANDBOX_APPS, sandboxEndpoints } from '@svc/sandbox';
import type { Config } from './config.js';
import { liveHosts } from './platform-gateways.js';

/** What `svc platforms check` and the console read of the configuration. */
export function platformSetupOf(config: Config): PlatformSetup {
  const { features, metaGraphVersion, facebookConfigId } = config.platforms;
  return {
    baseUrl: config.baseUrl,
    sandbox: config.sandbox,
    features,
    credentials: config.platformCredentials,
    metaGraphVersion,
    facebookConfigId,
    tiktokVerifiedMediaPrefix: config.tiktok.verifiedMediaPrefix,
    mediaUrlPrefix: `${config.baseUrl}/media/`,
  };
}

/**
 * The live probe of each platform that is served: its real API with the configured app (or the
 * stand-in of SVC_UNSAFE_PLATFORM_HOSTS), else this server's sandbox with the sandbox app.
 */
export function platformProbesOf(config: Config): PlatformProbes {
  const redirectUri = `${config.baseUrl}${CONNECT_CALLBACK_PATH}`;
  const sandbox = sandboxEndpoints(config.baseUrl);
  const probes: Partial<Record<Platform, PlatformProbe>> = {};
  for (const platform of PLATFORMS) {
    const real = config.platformCredentials[platform];
    if (real === undefined && !config.sandbox) continue;
    probes[platform] = probeOf(platform, {
      ...(real ?? SANDBOX_APPS[platform]),
      hosts: real === undefined ? sandbox[platform] : liveHosts(config, platform),
      graphVersion: config.platforms.metaGraphVersion,
      redirectUri,
    });
  }
  return probes;
}

// The hosts come from the same platform's table (sandboxEndpoints or liveHosts), which the
// compiler cannot follow through the loop's union of platforms.
function probeOf<P extends Platform>(platform: P, options: ProbeOptions<PlatformHosts[P]>): PlatformProbe {
  return (PLATFORM_ADAPTERS[platform] as PlatformAdapter<PlatformHosts[P]>).probe(options);
}

/** Every platform's report (or one's), with the accounts `accountsOf` gives checked too. */
export function runPlatformChecks(
  config: Config,
  options: {
    readonly only: Platform | null;
    readonly now: Date;
    readonly accountsOf?: (platform: Platform) => Promise<readonly ProbedAccount[]>;
  },
): Promise<PlatformReport[]> {
  return checkPlatforms(
    platformSetupOf(config),
    {
      now: options.now,
      probes: platformProbesOf(config),
      accountsOf: options.accountsOf ?? (async () => []),
    },
    options.only,
  );
}
