import { PLATFORM_NAMES, PLATFORMS, type Platform } from '../../kernel/index.js';
import { offlinePlatformChecks, platformMode } from './offline-platform-checks.js';
import { type PlatformCheck, type PlatformReport, platformCheck } from './platform-check.js';
import type { PlatformProbe, PlatformProbes, ProbedAccount } from './platform-probe.js';
import { PLATFORM_SCOPES, purposeEnabled } from './platform-scopes.js';
import type { PlatformSetup } from './platform-setup.js';

/** Most accounts per platform whose tokens one check reads, so a large install is not slow. */
export const PROBED_ACCOUNTS_MAX = 20;

/** What `checkPlatforms` reads besides the settings. */
export type CheckPlatformsDeps = {
  readonly now: Date;
  readonly probes: PlatformProbes;
  /** Connected accounts of a platform whose grants are checked (at most PROBED_ACCOUNTS_MAX are read). */
  accountsOf(platform: Platform): Promise<readonly ProbedAccount[]>;
};

/**
 * Every platform's report (or one platform's): the offline findings, then, for a platform served
 * live or by the sandbox, whether it accepts the app and what its connected accounts were granted.
 */
export async function checkPlatforms(
  setup: PlatformSetup,
  deps: CheckPlatformsDeps,
  only: Platform | null = null,
): Promise<PlatformReport[]> {
  const platforms = only === null ? PLATFORMS : [only];
  return Promise.all(
    platforms.map(async (platform): Promise<PlatformReport> => {
      const mode = platformMode(platform, setup);
      const checks = offlinePlatformChecks(platform, setup, deps.now);
      const probe = deps.probes[platform];
      if (mode !== 'not_configured' && probe !== undefined) {
        checks.push(await appCheck(platform, probe));
        const accounts = (await deps.accountsOf(platform)).slice(0, PROBED_ACCOUNTS_MAX);
        for (const account of accounts) checks.push(await accountCheck(platform, setup, probe, account));
      }
      return { platform, mode, checks };
    }),
  );
}

async function appCheck(platform: Platform, probe: PlatformProbe): Promise<PlatformCheck> {
  const outcome = await probe.app();
  switch (outcome.kind) {
    case 'ok':
      return platformCheck('app', 'pass', outcome.message);
    case 'refused':
      return platformCheck('app', 'fail', outcome.message);
    case 'unreachable':
      return platformCheck(
        'app',
        'skipped',
        `${PLATFORM_NAMES[platform]} could not be reached (${outcome.message}), so the app's credentials were not checked: this says nothing about whether they are right.`,
      );
  }
}

/** What one account's token holds against what the enabled features use. */
async function accountCheck(
  platform: Platform,
  setup: PlatformSetup,
  probe: PlatformProbe,
  account: ProbedAccount,
): Promise<PlatformCheck> {
  const who = `${PLATFORM_NAMES[platform]} account ${account.handle}`;
  const answer = await probe.grantedScopes(account.credentials);
  if (answer.kind === 'unknown') {
    return platformCheck(
      'account_scopes',
      'skipped',
      `${who}: ${PLATFORM_NAMES[platform]} does not say what a token was granted.`,
    );
  }
  if (answer.kind === 'unreachable') {
    return platformCheck(
      'account_scopes',
      'skipped',
      `${who}: not checked, ${PLATFORM_NAMES[platform]} could not be reached (${answer.message}).`,
    );
  }
  if (answer.kind === 'refused') {
    return platformCheck(
      'account_scopes',
      'fail',
      `${who}: its token was refused (${answer.message}); the account must be connected again.`,
    );
  }
  const held = new Set(answer.scopes);
  const missing = PLATFORM_SCOPES[platform].filter(
    (row) => purposeEnabled(row.purpose, setup.features) && !held.has(row.scope),
  );
  const required = missing.filter((row) => row.required);
  if (required.length > 0) {
    return platformCheck(
      'account_scopes',
      'fail',
      `${who} lacks ${required.map((row) => row.scope).join(', ')}, which publishing needs: connect it again and allow every permission.`,
    );
  }
  if (missing.length > 0) {
    return platformCheck(
      'account_scopes',
      'warn',
      `${who} lacks ${missing.map((row) => `${row.scope} (${row.purpose.replace(/_/g, ' ')})`).join(', ')}: those features will not work for it until it is connected again.`,
    );
  }
  return platformCheck('account_scopes', 'pass', `${who} holds every permission the enabled features use.`);
}
