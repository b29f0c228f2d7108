import { createUser, PLAN_KINDS, type PlanKind } from '@svc/core';
import { type CliCommand, CliFailure, printJson } from './cli-command.js';
import { integer, orFail, required, withServices } from './command-support.js';

/** `svc users create`. */
export const usersCreate: CliCommand = {
  name: 'users create',
  summary: 'Create a user',
  help: `Usage: svc users create --email EMAIL [--plan trial|paid|expired] [--trial-days N] [--beta-tester]

Creates a user and prints {"id", "email", "plan", "trialEndsAt", "betaTester"}.

Options:
  --email EMAIL     the user's email address (unique; stored lower-case)
  --plan PLAN       trial (default), paid or expired
  --trial-days N    length of a trial in days (default 14)
  --beta-tester     a registered beta tester may use the API whatever the plan`,
  options: {
    email: { type: 'string' },
    plan: { type: 'string', default: 'trial' },
    'trial-days': { type: 'string' },
    'beta-tester': { type: 'boolean', default: false },
  },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const plan = values.plan as string;
    if (!(PLAN_KINDS as readonly string[]).includes(plan)) {
      throw new CliFailure(`--plan must be one of ${PLAN_KINDS.join(', ')}.`, 2);
    }
    const user = await withServices(io, ({ core }) =>
      orFail(
        createUser(core, {
          email: required(values, 'email'),
          plan: plan as PlanKind,
          trialDays: integer(values['trial-days'], 'trial-days') ?? 14,
          betaTester: values['beta-tester'] === true,
        }),
      ),
    );
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
