import {
  changePassword,
  createUser,
  DEFAULT_NEW_USER_PLAN,
  emailSchema,
  findUserByEmail,
  newUserPlanNote,
  PASSWORD_LENGTH,
  PLAN_KINDS,
  type PlanKind,
  passwordProblem,
  setUserPlan,
  type User,
} from '@svc/core';
import { hashPassword, scryptPasswordHasher } from '@svc/core/node';
import { serverSignInSessions } from '../sign-in-sessions.js';
import { type CliCommand, CliFailure, type CliIo, printJson } from './cli-command.js';
import { integer, orFail, required, runUseCase, withServices } from './command-support.js';

/** `svc users create`. */
export const usersCreate: CliCommand = {
  name: 'users create',
  summary: 'Create a user',
  help: `Usage: svc users create --email EMAIL [--plan trial|paid|expired] [--trial-days N] [--beta-tester] [--password-stdin]

Creates a user and prints {"id", "email", "plan", "trialEndsAt", "betaTester", "note"}.
Without --plan the user gets this install's plan for new users, SVC_DEFAULT_PLAN: paid on a
self-hosted install unless set (no end date, the paid limits), or a trial of SVC_TRIAL_DAYS days
where the operator chose trials; "note" then says which and why. svc users set-plan changes a
user's plan later.

Options:
  --email EMAIL     the user's email address (unique; stored lower-case)
  --plan PLAN       trial, paid or expired (default: SVC_DEFAULT_PLAN, paid unless set)
  --trial-days N    length of a trial in days (default: SVC_TRIAL_DAYS, ${DEFAULT_NEW_USER_PLAN.trialDays}); given without
                    --plan, it asks for a trial
  --beta-tester     a registered beta tester may use the API whatever the plan
  --password-stdin  read a sign-in password from standard input (to approve agents over OAuth)`,
  options: {
    email: { type: 'string' },
    plan: { type: 'string' },
    'trial-days': { type: 'string' },
    'beta-tester': { type: 'boolean', default: false },
    'password-stdin': { type: 'boolean', default: false },
  },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const plan = planOption(values.plan);
    const trialDays = integer(values['trial-days'], 'trial-days') ?? undefined;
    // Read and hash first: a bad password must not leave a user behind without one.
    const passwordHash =
      values['password-stdin'] === true ? await hashPassword(await readPassword(io)) : null;
    const { user, setting } = await withServices(io, async ({ core }) => {
      const created = await orFail(
        createUser(core, {
          email: required(values, 'email'),
          plan,
          trialDays,
          betaTester: values['beta-tester'] === true,
          passwordHash,
        }),
      );
      return { user: created, setting: core.newUserPlan };
    });
    printJson(io, {
      ...planView(user),
      note: newUserPlanNote({ plan, trialDays }, user, setting),
    });
    return 0;
  },
};

/** `svc users set-plan`. */
export const usersSetPlan: CliCommand = {
  name: 'users set-plan',
  summary: "Change a user's plan (paid, trial or expired)",
  help: `Usage: svc users set-plan --email EMAIL --plan trial|paid|expired [--trial-days N]

Changes an existing user's plan and prints {"id", "email", "plan", "trialEndsAt", "betaTester",
"previousPlan"}. On a self-hosted install the operator decides plans: this is how a person
whose trial ended gets scheduling, uploads and agent tools back (--plan paid), and how access
to them is ended (--plan expired; reading posts and accounts still works). It applies from the
person's next request, on every server sharing the data. Nothing is charged: billing records
are svc billing set's, and do not change the plan.

Options:
  --email EMAIL     the user
  --plan PLAN       paid (no end date, the paid limits), trial (ends --trial-days from now) or
                    expired
  --trial-days N    with --plan trial: days from now until the trial ends (default:
                    SVC_TRIAL_DAYS, ${DEFAULT_NEW_USER_PLAN.trialDays})`,
  options: {
    email: { type: 'string' },
    plan: { type: 'string' },
    'trial-days': { type: 'string' },
  },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const email = required(values, 'email');
    const plan = planOption(required(values, 'plan'));
    if (plan === undefined) throw new CliFailure('--plan is required.', 2);
    const trialDays = integer(values['trial-days'], 'trial-days') ?? undefined;
    const change = await runUseCase(io, (core) => setUserPlan(core, { email, plan, trialDays }));
    printJson(io, { ...planView(change.user), previousPlan: change.previous.kind });
    return 0;
  },
};

/** The --plan option as a plan kind, undefined when left out, or a usage error. */
function planOption(value: string | boolean | undefined): PlanKind | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(PLAN_KINDS as readonly string[]).includes(value)) {
    throw new CliFailure(`--plan must be one of ${PLAN_KINDS.join(', ')}.`, 2);
  }
  return value as PlanKind;
}

/** What the plan commands print about a user. */
function planView(user: User) {
  return {
    id: user.id,
    email: user.email,
    plan: user.plan.kind,
    trialEndsAt: user.plan.kind === 'trial' ? user.plan.endsAt.toISOString() : null,
    betaTester: user.betaTester,
  };
}

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
    const password = await readPassword(io);
    const user = await withServices(io, async ({ core }) => {
      const found = await orFail(findUserByEmail(core, email.data));
      // Ends the person's sign-in sessions too, as a change in the console does.
      await orFail(
        changePassword(
          {
            store: core.store,
            clock: core.clock,
            passwords: scryptPasswordHasher,
            sessions: serverSignInSessions(core.store, core.clock),
          },
          { userId: found.id, password, keepSessionId: null },
        ),
      );
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
