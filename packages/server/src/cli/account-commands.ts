import { findUserByEmail, isPlatform, PLATFORMS, type Platform, saveConnection } from '@svc/core';
import { mintSandboxAccount } from '@svc/sandbox';
import type { Config } from '../config.js';
import { resolveMasterSecret } from '../master-secret.js';
import { sandboxSecret } from '../open-services.js';
import { type CliCommand, CliFailure, printJson } from './cli-command.js';
import { orFail, required, withServices } from './command-support.js';

const HANDLE = /^[A-Za-z0-9._-]{1,64}$/;

/** `svc accounts connect-sandbox`. */
export const accountsConnectSandbox: CliCommand = {
  name: 'accounts connect-sandbox',
  summary: 'Connect a sandbox account to try the service without a platform',
  help: `Usage: svc accounts connect-sandbox --email EMAIL --platform PLATFORM --handle HANDLE

Connects a sandbox account for the user and prints {"id", "platform", "handle"}. Use the id as a
profile id. Connecting the same platform and handle again returns the same account. Needs the
sandbox to be on (SVC_SANDBOX, on by default when no platform credentials are configured).

Options:
  --email EMAIL          the user who owns the account
  --platform PLATFORM    ${PLATFORMS.join(', ')}
  --handle HANDLE        the account's handle: letters, digits, dot, dash, underscore`,
  options: { email: { type: 'string' }, platform: { type: 'string' }, handle: { type: 'string' } },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const platform = required(values, 'platform');
    if (!isPlatform(platform)) throw new CliFailure(`--platform must be one of ${PLATFORMS.join(', ')}.`, 2);
    const handle = required(values, 'handle').replace(/^@/, '');
    if (!HANDLE.test(handle))
      throw new CliFailure('--handle may hold letters, digits, ".", "-" and "_" only (at most 64).', 2);
    const account = await withServices(io, async ({ core }, config) => {
      if (!config.sandbox)
        throw new CliFailure('The sandbox is off (SVC_SANDBOX); connect real accounts instead.');
      const user = await orFail(findUserByEmail(core, required(values, 'email')));
      return orFail(
        saveConnection(core, {
          ownerId: user.id,
          platform,
          ...sandboxProfile(platform, handle, config, core.clock.now()),
        }),
      );
    });
    printJson(io, { id: account.id, platform: account.platform, handle: account.handle });
    return 0;
  },
};

// The account gets the tokens its simulator would issue through OAuth, so posts to it publish.
function sandboxProfile(platform: Platform, handle: string, config: Config, now: Date) {
  const secret = sandboxSecret(resolveMasterSecret(config.secret, config.dataDir));
  return mintSandboxAccount({ platform, handle, secret, baseUrl: config.baseUrl, now });
}
