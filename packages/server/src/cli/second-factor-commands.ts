import { emailSchema, findUserByEmail, resetSecondFactors } from '@svc/core';
import { type CliCommand, CliFailure, printJson } from './cli-command.js';
import { orFail, required, withServices } from './command-support.js';

/** `svc users reset-second-factor`. */
export const usersResetSecondFactor: CliCommand = {
  name: 'users reset-second-factor',
  summary: "Remove a user's second factors (authenticator app, recovery codes, passkeys)",
  help: `Usage: svc users reset-second-factor --email EMAIL

For a person locked out (lost phone, no recovery codes left): removes their authenticator app,
recovery codes and passkeys, so their password alone signs them in again, and prints
{"id", "email", "removed"} (how many records went). Check who is asking first: anyone who knows
the password can then sign in. When SVC_REQUIRE_SECOND_FACTOR is on, the console asks them to set
a new one up right after signing in.

Options:
  --email EMAIL  the user's email address`,
  options: { email: { type: 'string' } },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const email = emailSchema.safeParse(required(values, 'email'));
    if (!email.success) throw new CliFailure('--email must be an email address.', 2);
    const result = await withServices(io, async ({ core }) => {
      const user = await orFail(findUserByEmail(core, email.data));
      return { id: user.id, email: user.email, removed: await resetSecondFactors(core, user) };
    });
    printJson(io, result);
    return 0;
  },
};
