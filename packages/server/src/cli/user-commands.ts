import {
  createUser,
  emailSchema,
  PASSWORD_LENGTH,
  PLAN_KINDS,
  type PlanKind,
  passwordProblem,
} from '@svc/core';
import { hashPassword } from '@svc/core/node';
import { type CliCommand, CliFailure, type CliIo, printJson } from './cli-command.js';
import { integer, orFail, required, withServices } from './command-support.js';

/** `svc users create`. */
export const usersCreate: CliCommand = {
  name: 'users create',
  summary: 'Create a user',
  help: `Usage: svc users create --email EMAIL [--plan trial|paid|expired] [--trial-days N] [--beta-tester] [--password-stdin]

Creates a user and prints {"id", "email", "plan", "trialEndsAt", "betaTester"}.

Options:
  --email EMAIL     the user's email address (unique; stored lower-case)
  --plan PLAN       trial (default), paid or expired
  --trial-days N    length of a trial in days (default 14)
  --beta-tester     a registered beta tester may use the API whatever the plan
  --password-stdin  read a sign-in password from standard input (to approve agents over OAuth)`,
  options: {
    email: { type: 'string' },
    plan: { type: 'string', default: 'trial' },
    'trial-days': { type: 'string' },
    'beta-tester': { type: 'boolean', default: false },
    'password-stdin': { type: 'boolean', default: false },
  },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const plan = values.plan as string;
    if (!(PLAN_KINDS as readonly string[]).includes(plan)) {
      throw new CliFailure(`--plan must be one of ${PLAN_KINDS.join(', ')}.`, 2);
    }
    // Read and hash first: a bad password must not leave a user behind without one.
    const passwordHash =
      values['password-stdin'] === true ? await hashPassword(await readPassword(io)) : null;
    const user = await withServices(io, async ({ core }) => {
      const created = await orFail(
        createUser(core, {
          email: required(values, 'email'),
          plan: plan as PlanKind,
          trialDays: integer(values['trial-days'], 'trial-days') ?? 14,
          betaTester: values['beta-tester'] === true,
        }),
      );
      if (passwordHash !== null)
        await core.store.users.setPasswordHash(created.id, passwordHash, core.clock.now());
      return created;
    });
    printJson(io, {
      id: user.id,
      email: user.email,
      plan: user.plan.kind,
      trialEndsAt: user.plan.kind === 'trial' ? user.plan.endsAt.toISOString() : null,
      betaTester: user.betaTester,
    });
    return 0;
  },
};

/** `svc users set-password`. */
export const usersSetPassword: CliCommand = {
  name: 'users set-password',
  summary: "Set a user's sign-in password",
  help: `Usage: svc users set-password --email EMAIL --password-stdin

Sets the password the user signs in with, to the web console at /app and to approve agents
(OAuth), and prints {"id", "email"}.
The password is read from standard input, never from an argument (arguments end up in shell
history and process lists); one trailing newline is dropped.

Options:
  --email EMAIL     the user's email address
  --password-stdin  read the password from standard input (required)`,
  options: {
    email: { type: 'string' },
    'password-stdin': { type: 'boolean', default: false },
  },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const email = emailSchema.safeParse(required(values, 'email'));
    if (!email.success) throw new CliFailure('--email must be an email address.', 2);
    if (values['password-stdin'] !== true) {
      throw new CliFailure(
        '--password-stdin is required: pipe the password in, never pass it as an argument.',
        2,
      );
    }
    const passwordHash = await hashPassword(await readPassword(io));
    const user = await withServices(io, async ({ core }) => {
      const found = await core.store.users.getUserByEmail(email.data);
      if (found === null) throw new CliFailure(`No user with the email ${email.data}.`);
      await core.store.users.setPasswordHash(found.id, passwordHash, core.clock.now());
      return found;
    });
    printJson(io, { id: user.id, email: user.email });
    return 0;
  },
};

/** The password piped to standard input, without its trailing newline, or a CliFailure. */
async function readPassword(io: CliIo): Promise<string> {
  const password = (await io.readStdin()).replace(/\r?\n$/, '');
  const problem = passwordProblem(password);
  if (problem !== null) {
    throw new CliFailure(
      password.length < PASSWORD_LENGTH.min ? `${problem.slice(0, -1)} (read from stdin).` : problem,
      2,
    );
  }
  return password;
}
