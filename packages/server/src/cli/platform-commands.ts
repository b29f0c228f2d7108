import {
  findUserByEmail,
  isPlatform,
  PLATFORMS,
  type Platform,
  platformReportsOk,
  probedAccountsOf,
} from '@svc/core';
import { runPlatformChecks } from '../platform-checks.js';
import { type CliCommand, CliFailure, printJson } from './cli-command.js';
import { configOf, orFail, withServices } from './command-support.js';

/** `svc platforms check`. */
export const platformsCheck: CliCommand = {
  name: 'platforms check',
  summary: "Check each platform app's settings, offline and live",
  help: `Usage: svc platforms check [--platform PLATFORM] [--email EMAIL]

Prints {"platforms": [{"platform", "mode", "checks": [{"name", "ok", "level", "message"}]}]}:
what can be verified of each platform's app configuration (docs/connections.md, "What svc
platforms check verifies"). "mode" is live (app credentials set), sandbox (the built-in
simulator stands in) or not_configured.

Offline, from the settings: the credentials, the redirect URI to register
({SVC_BASE_URL}/connect/callback, https unless on loopback), the scopes the enabled features ask
for and what each needs from the platform (App Review, Advanced Access…), the Graph API
version's end date (SVC_META_GRAPH_VERSION), where platforms download media from, and TikTok's
verified media prefix (TIKTOK_VERIFIED_MEDIA_PREFIX). Live, without posting anything: whether the
platform accepts the app id and secret (Meta's app token, TikTok's client-credentials grant,
Google's token endpoint) and, with --email, what each of that person's connected accounts was
granted. In sandbox mode the live checks go to this server's /sandbox/, so the server must run.

A platform that cannot be reached gets a "skipped" check, not a failure: unreachable is not
wrong. Exits 1 when any check fails ("ok": false); warnings ("level": "warn") do not fail.

Options:
  --platform PLATFORM    only this one: ${PLATFORMS.join(', ')}
  --email EMAIL          also check the grants of this user's connected accounts`,
  options: { platform: { type: 'string' }, email: { type: 'string' } },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const only = values.platform;
    if (only !== undefined && (typeof only !== 'string' || !isPlatform(only))) {
      throw new CliFailure(`--platform must be one of ${PLATFORMS.join(', ')}.`, 2);
    }
    const email = values.email;
    if (email !== undefined && (typeof email !== 'string' || email.trim() === '')) {
      throw new CliFailure('--email needs an address.', 2);
    }
    const platform: Platform | null = only ?? null;
    const now = new Date();
    // Only the account checks need the database; the rest works on a machine without one.
    const reports =
      email === undefined
        ? await runPlatformChecks(configOf(io), { only: platform, now })
        : await withServices(io, async ({ core }, config) => {
            const user = await orFail(findUserByEmail(core, email));
            return runPlatformChecks(config, {
              only: platform,
              now,
              accountsOf: (p) => probedAccountsOf(core, user.id, p),
            });
          });
    printJson(io, { platforms: reports });
    return platformReportsOk(reports) ? 0 : 1;
  },
};
