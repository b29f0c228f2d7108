import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { MemberRights } from '../../roles/index.js';
import { chosenPlan } from '../new-user-plan.js';
import { DEFAULT_TIME_ZONE, emailSchema, type PlanKind, parseEmail, type User } from '../user.js';

/** What an operator gives to create a user. */
export type CreateUserInput = {
  readonly email: string;
  /** The plan; left out, the install's setting (`newUserPlan`) decides, or a trial when `trialDays` is given. */
  readonly plan?: PlanKind | undefined;
  /** Length of a trial in days (default: the setting's); ignored for other plans. */
  readonly trialDays?: number | undefined;
  readonly betaTester: boolean;
  /** The stored form of a sign-in password to give the user (hashed first, so a bad one leaves no user). */
  readonly passwordHash?: string | null | undefined;
};

type Deps = Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'newUserPlan'>;

/**
 * Creates a user (operator action, `svc users create`). The email is trimmed and lower-cased,
 * and must be unique; the plan is the one chosen or the install's default (`chosenPlan`), a
 * trial ending whole days after now. With `joining`, the user is also made a member of that
 * workspace in the same transaction (`addMember` for a person not yet known).
 */
export function createUser(
  deps: Deps,
  input: CreateUserInput,
  joining?: MemberRights,
): ResultAsync<User, SvcError> {
  return new ResultAsync(create(deps, input, joining));
}

async function create(
  deps: Deps,
  input: CreateUserInput,
  joining: MemberRights | undefined,
): Promise<Result<User, SvcError>> {
  const email = parseEmail(input.email);
  if (email.isErr()) return err(email.error);
  const now = deps.clock.now();
  const plan = chosenPlan({ plan: input.plan, trialDays: input.trialDays }, deps.newUserPlan, now);
  if (plan.isErr()) return err(plan.error);
  const user: User = {
    id: deps.ids.id('user'),
    email: email.value,
    plan: plan.value.plan,
    betaTester: input.betaTester,
    apiAccessDisabled: false,
    timeZone: DEFAULT_TIME_ZONE,
    createdAt: now,
    updatedAt: now,
  };
  const outcome = await deps.store.users.insertUser(user, joining);
  if (outcome === 'inserted' && input.passwordHash != null)
    await deps.store.users.setPasswordHash(user.id, input.passwordHash, now);
  return outcome === 'inserted'
    ? ok(user)
    : err(
        svcError('email_taken', `A user with the email ${email.value} already exists.`, { field: 'email' }),
      );
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
