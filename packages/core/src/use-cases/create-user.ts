import { err, ok, type Result, ResultAsync } from 'neverthrow';
import { type SvcError, svcError } from '../domain/svc-error.js';
import { DEFAULT_TIME_ZONE, emailSchema, type PlanKind, type User } from '../domain/user.js';
import type { CoreDeps } from './core-deps.js';

/** What an operator gives to create a user. */
export type CreateUserInput = {
  readonly email: string;
  readonly plan: PlanKind;
  /** Length of a trial plan; ignored for other plans. */
  readonly trialDays: number;
  readonly betaTester: boolean;
};

/**
 * Creates a user (operator action, `svc users create`). The email is trimmed and lower-cased,
 * and must be unique; a trial ends `trialDays` after now.
 */
export function createUser(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'ids'>,
  input: CreateUserInput,
): ResultAsync<User, SvcError> {
  return new ResultAsync(create(deps, input));
}

async function create(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'ids'>,
  input: CreateUserInput,
): Promise<Result<User, SvcError>> {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) {
    return err(
      svcError('validation_failed', `${JSON.stringify(input.email)} is not an email address.`, {
        field: 'email',
      }),
    );
  }
  if (!Number.isInteger(input.trialDays) || input.trialDays < 1) {
    return err(
      svcError('validation_failed', 'A trial lasts a whole number of days, at least 1.', {
        field: 'trialDays',
      }),
    );
  }
  const now = deps.clock.now();
  const user: User = {
    id: deps.ids.id('user'),
    email: email.data,
    plan:
      input.plan === 'trial'
        ? { kind: 'trial', endsAt: new Date(now.getTime() + input.trialDays * 86_400_000) }
        : { kind: input.plan },
    betaTester: input.betaTester,
    apiAccessDisabled: false,
    timeZone: DEFAULT_TIME_ZONE,
    createdAt: now,
    updatedAt: now,
  };
  const outcome = await deps.store.users.insertUser(user);
  return outcome === 'inserted'
    ? ok(user)
    : err(svcError('email_taken', `A user with the email ${email.data} already exists.`, { field: 'email' }));
}

/** The user with this email, or `user_not_found` (operator actions address users by email). */
export function findUserByEmail(deps: Pick<CoreDeps, 'store'>, email: string): ResultAsync<User, SvcError> {
  const normalised = emailSchema.safeParse(email);
  return new ResultAsync(
    (async (): Promise<Result<User, SvcError>> => {
      const user = normalised.success ? await deps.store.users.getUserByEmail(normalised.data) : null;
      return user === null ? err(svcError('user_not_found', `No user with the email ${email}.`)) : ok(user);
    })(),
  );
}
