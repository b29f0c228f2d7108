import { isLoopbackHost, PLATFORM_NAMES, type Platform } from '../../kernel/index.js';
import { GRAPH_VERSION_RETIREMENTS, GRAPH_VERSION_WARNING_MS, isGraphVersion } from './graph-versions.js';
import { type PlatformCheck, type PlatformMode, platformCheck } from './platform-check.js';
import { PLATFORM_SCOPES, purposeEnabled } from './platform-scopes.js';
import type { PlatformSetup } from './platform-setup.js';

/** The path every platform sends people back to after consent (http/src/routes/connection-routes.ts). */
export const CONNECT_CALLBACK_PATH = '/connect/callback';

// Where each platform's developer console keeps the redirect URI list.
const REDIRECT_SETTING: Readonly<Record<Platform, string>> = {
  instagram: 'Instagram → API setup with Instagram login → Business login settings → OAuth redirect URIs',
  threads: 'Threads → Use cases → Settings → Redirect Callback URLs',
  facebook: 'Facebook Login (for Business) → Settings → Valid OAuth Redirect URIs',
  tiktok: 'Login Kit → Redirect URI',
  youtube: 'Google Cloud console → Clients → Authorized redirect URIs',
};

// The platforms that download media from our links (Meta's containers, Facebook's photos and
// reels, TikTok's photo posts); YouTube and TikTok videos are uploaded from storage.
const FETCHES_MEDIA: ReadonlySet<Platform> = new Set(['instagram', 'threads', 'facebook', 'tiktok']);

/** How the platform is served with these settings. */
export function platformMode(platform: Platform, setup: PlatformSetup): PlatformMode {
  if (setup.credentials[platform] !== undefined) return 'live';
  return setup.sandbox ? 'sandbox' : 'not_configured';
}

/** What can be told of a platform's set-up from the settings alone, without a network call. */
export function offlinePlatformChecks(platform: Platform, setup: PlatformSetup, now: Date): PlatformCheck[] {
  const mode = platformMode(platform, setup);
  const name = PLATFORM_NAMES[platform];
  const prefix = platform.toUpperCase();
  if (mode === 'not_configured') {
    return [
      platformCheck(
        'credentials',
        'skipped',
        `No ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET, and the sandbox is off: connecting a ${name} account answers platform_unavailable.`,
      ),
    ];
  }
  if (mode === 'sandbox') {
    return [
      platformCheck(
        'credentials',
        'pass',
        `No ${prefix}_CLIENT_ID: the built-in sandbox stands in for ${name} (nothing reaches the real platform).`,
      ),
      scopesCheck(platform, setup),
    ];
  }
  return [
    platformCheck('credentials', 'pass', `${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET are set.`),
    redirectCheck(platform, setup),
    scopesCheck(platform, setup),
    ...(platform === 'instagram' || platform === 'facebook' ? [graphVersionCheck(setup, now)] : []),
    ...(FETCHES_MEDIA.has(platform) ? [mediaLinksCheck(platform, setup)] : []),
    ...(platform === 'tiktok' ? [verifiedPrefixCheck(setup)] : []),
  ];
}

function redirectCheck(platform: Platform, setup: PlatformSetup): PlatformCheck {
  const uri = `${setup.baseUrl}${CONNECT_CALLBACK_PATH}`;
  const url = new URL(uri);
  const where = `register exactly ${uri} in ${REDIRECT_SETTING[platform]}`;
  if (url.protocol === 'https:')
    return platformCheck('redirect_uri', 'pass', `The redirect URI is ${uri}: ${where}.`);
  if (isLoopbackHost(url.hostname)) {
    return platformCheck(
      'redirect_uri',
      'warn',
      `The redirect URI ${uri} is http on loopback: only a browser on this machine can finish a connection; ${where}, or set SVC_BASE_URL to the public https address.`,
    );
  }
  return platformCheck(
    'redirect_uri',
    'fail',
    `The redirect URI ${uri} is plain http on a public address, which ${PLATFORM_NAMES[platform]} refuses: set SVC_BASE_URL to an https address and ${where.replace(uri, 'the new callback')}.`,
  );
}

function scopesCheck(platform: Platform, setup: PlatformSetup): PlatformCheck {
  const rows = PLATFORM_SCOPES[platform];
  const asked = rows.filter((row) => purposeEnabled(row.purpose, setup.features));
  const left = rows.filter((row) => !purposeEnabled(row.purpose, setup.features));
  const gated = asked.filter((row) => row.gate !== null);
  const list = asked.map((row) => `${row.scope} (${row.purpose.replace(/_/g, ' ')})`).join(', ');
  const parts = [`Asks for ${list}.`];
  if (left.length > 0) parts.push(`Not asked (feature off): ${left.map((row) => row.scope).join(', ')}.`);
  if (gated.length > 0 && platformMode(platform, setup) === 'live') {
    parts.push(
      `Before people without a role on the app can grant them: ${gated.map((row) => `${row.scope}: ${row.gate}`).join('; ')}.`,
    );
  }
  if (platform === 'facebook' && setup.facebookConfigId !== null) {
    if (!/^\d{5,20}$/.test(setup.facebookConfigId)) {
      return platformCheck(
        'scopes',
        'fail',
        `FACEBOOK_CONFIG_ID "${setup.facebookConfigId}" is not a configuration id (digits, from Facebook Login for Business → Configurations).`,
      );
    }
    parts.unshift(
      `FACEBOOK_CONFIG_ID ${setup.facebookConfigId} replaces the scope list: its configuration must hold every permission below, and a Page (or Business Manager) asset type.`,
    );
  }
  return platformCheck('scopes', 'pass', parts.join(' '));
}

/** Whether Instagram's and Facebook's Graph version is still served, and for how long. */
export function graphVersionCheck(setup: PlatformSetup, now: Date): PlatformCheck {
  const version = setup.metaGraphVersion;
  if (!isGraphVersion(version)) {
    return platformCheck(
      'graph_version',
      'fail',
      `SVC_META_GRAPH_VERSION "${version}" is not a Graph API version such as v23.0.`,
    );
  }
  if (!(version in GRAPH_VERSION_RETIREMENTS)) {
    return platformCheck(
      'graph_version',
      'warn',
      `Graph API ${version} is not one this release knows: check its end date in Meta's changelog (developers.facebook.com/docs/graph-api/changelog/versions).`,
    );
  }
  const until = GRAPH_VERSION_RETIREMENTS[version] ?? null;
  if (until === null)
    return platformCheck('graph_version', 'pass', `Graph API ${version}: no end date announced yet.`);
  const left = Date.parse(`${until}T00:00:00Z`) - now.getTime();
  if (left <= 0) {
    return platformCheck(
      'graph_version',
      'fail',
      `Graph API ${version} was retired on ${until}: Meta now answers calls with the oldest version still served. Set SVC_META_GRAPH_VERSION to a current version.`,
    );
  }
  if (left <= GRAPH_VERSION_WARNING_MS) {
    const days = Math.ceil(left / 86_400_000);
    return platformCheck(
      'graph_version',
      'warn',
      `Graph API ${version} is retired on ${until}, in ${days} days: test a newer SVC_META_GRAPH_VERSION before then.`,
    );
  }
  return platformCheck('graph_version', 'pass', `Graph API ${version} is served until ${until}.`);
}

function mediaLinksCheck(platform: Platform, setup: PlatformSetup): PlatformCheck {
  const url = new URL(setup.mediaUrlPrefix);
  const name = PLATFORM_NAMES[platform];
  if (isLoopbackHost(url.hostname)) {
    return platformCheck(
      'media_links',
      'warn',
      `${name} downloads media from ${setup.mediaUrlPrefix}, a loopback address it cannot reach: set SVC_BASE_URL to the server's public address.`,
    );
  }
  return platformCheck(
    'media_links',
    'pass',
    `${name} downloads media from ${setup.mediaUrlPrefix}; it must be reachable from the internet.`,
  );
}

function verifiedPrefixCheck(setup: PlatformSetup): PlatformCheck {
  const prefix = setup.tiktokVerifiedMediaPrefix;
  if (prefix === null) {
    return platformCheck(
      'verified_media_prefix',
      'warn',
      `No verified media URL prefix is configured: TikTok photo posts (PULL_FROM_URL) are refused with url_ownership_unverified unless ${setup.mediaUrlPrefix} is under a domain or URL prefix verified in the TikTok developer portal. Videos are uploaded and need none.`,
    );
  }
  if (!prefix.startsWith('https://')) {
    return platformCheck(
      'verified_media_prefix',
      'fail',
      `The verified media prefix ${prefix} is not https: TikTok verifies only https prefixes.`,
    );
  }
  if (!setup.mediaUrlPrefix.startsWith(prefix)) {
    return platformCheck(
      'verified_media_prefix',
      'fail',
      `Media links start with ${setup.mediaUrlPrefix}, which is not under the verified prefix ${prefix}: TikTok refuses photo posts with url_ownership_unverified.`,
    );
  }
  return platformCheck(
    'verified_media_prefix',
    'pass',
    `Media links are under the verified prefix ${prefix}.`,
  );
}
