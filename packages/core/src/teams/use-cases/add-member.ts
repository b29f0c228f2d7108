import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { checkAccountLimit, createUser, findUserByEmail } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { GRANTABLE_ROLES, type Role } from '../../roles/index.js';
import type { Member } from '../workspace.js';

/** Whom a membership is for, with which role and accounts: what adding and inviting both give. */
export type MemberGrant = {
  readonly email: string;
  readonly role: string;
  /** Limit the member to these accounts of the workspace; null for all of them. */
  readonly accountIds: readonly string[] | null;
};

/**
 * What the operator gives to add a member (`svc members add`); the person added is created (with
 * the install's plan for new users) when unknown.
 */
export type AddMemberInput = MemberGrant & {
  /** The person whose personal workspace gains the member. */
  readonly ownerEmail: string;
};

/** The new membership, and whether the person was created for it. */
export type AddedMember = { readonly member: Member; readonly userCreated: boolean };

/** Whether a role may be given when adding or inviting someone (never `owner`). */
export function grantableRole(role: string): Result<Role, SvcError> {
  return (GRANTABLE_ROLES as readonly string[]).includes(role)
    ? ok(role as Role)
    : err(
        svcError('validation_failed', `The role must be one of ${GRANTABLE_ROLES.join(', ')}.`, {
          field: 'role',
          allowed: GRANTABLE_ROLES,
        }),
      );
}

type Deps = Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'newUserPlan'>;

/**
 * Adds a person to the personal workspace of another (operator action, `svc members add`):
 * `user_not_found` for an unknown owner, the person created when unknown, `already_a_member`
 * when they are one (the owner included), `invalid_profile_ids` for an account limit naming
 * accounts the workspace does not have.
 */
export function addMember(deps: Deps, input: AddMemberInput): ResultAsync<AddedMember, SvcError> {
  return new ResultAsync(add(deps, input));
}

async function add(deps: Deps, input: AddMemberInput): Promise<Result<AddedMember, SvcError>> {
  const role = grantableRole(input.role);
  if (role.isErr()) return err(role.error);
  const owner = await findUserByEmail(deps, input.ownerEmail);
  if (owner.isErr()) return err(owner.error);
  // The owner's personal workspace has the owner's id.
  const workspaceId = owner.value.id;
  const limit = await checkAccountLimit(deps, workspaceId, input.accountIds);
  if (limit.isErr()) return err(limit.error);
  const existing = await findUserByEmail(deps, input.email);
  const rights = { workspaceId, role: role.value, accountIds: limit.value };
  if (existing.isErr()) {
    // A new person: the user and the membership are written in one transaction, so a failure
    // leaves no user behind.
    const created = await createUser(deps, { email: input.email, betaTester: false }, rights);
    if (created.isErr()) return err(created.error);
    const at = created.value.createdAt;
    return ok({
      member: { ...rights, userId: created.value.id, createdAt: at, updatedAt: at },
      userCreated: true,
    });
  }
  const now = deps.clock.now();
  const member = { ...rights, userId: existing.value.id, createdAt: now, updatedAt: now };
  return (await insertNewMember(deps, member, input.email)).map((m) => ({ member: m, userCreated: false }));
}

/**
 * Writes the membership of an existing user (`addMember`, and an admin adding someone to their
 * workspace); `already_a_member`, naming them by `email`, when they are one (the owner included).
 */
export async function insertNewMember(
  deps: Pick<CoreDeps, 'store'>,
  member: Member,
  email: string,
): Promise<Result<Member, SvcError>> {
  return (await deps.store.workspaces.insertMember(member)) === 'inserted'
    ? ok(member)
    : err(
        svcError('already_a_member', `${email} is already a member of this workspace.`, {
          workspaceId: member.workspaceId,
          userId: member.userId,
        }),
      );
}
