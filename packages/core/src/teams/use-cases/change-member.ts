import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { checkAccountLimit, endSignInsInWorkspace } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { type MemberRights, type Role, requireCan, roleSchema } from '../../roles/index.js';
import { leavesNoOwner } from '../last-owner.js';
import type { TeamActor } from '../team-actor.js';
import type { Member } from '../workspace.js';
import { actingMember } from './acting-member.js';

/** A change of a member's role (and account limit). */
export type ChangeMemberInput = {
  readonly workspaceId: string;
  readonly userId: string;
  readonly role: string;
  /** Limit the member to these accounts; null for every account of the workspace. */
  readonly accountIds: readonly string[] | null;
};

type Deps = Pick<CoreDeps, 'store' | 'clock'>;

const memberNotFound = (userId: string): SvcError =>
  svcError('member_not_found', `${userId} is not a member of this workspace.`, { userId });

const needsOwner = (): SvcError =>
  svcError(
    'workspace_needs_owner',
    'This would leave the workspace without an owner. Make another member an owner first.',
  );

/**
 * Who may change or remove `target`: `member:manage`, and `workspace:admin` (an owner) when
 * ownership is given or taken, so an admin can neither make an owner nor demote or remove one.
 */
function mayTouch(rights: MemberRights, target: Member, next: Role | null): Result<MemberRights, SvcError> {
  const managed = requireCan(rights, 'member:manage');
  if (managed.isErr()) return managed;
  return target.role === 'owner' || next === 'owner' ? requireCan(rights, 'workspace:admin') : ok(rights);
}

/**
 * Changes a member's role and account limit. `member_not_found` for a non-member,
 * `workspace_needs_owner` when the workspace would be left without an owner.
 */
export function changeMemberRole(
  deps: Deps,
  actor: TeamActor,
  input: ChangeMemberInput,
): ResultAsync<Member, SvcError> {
  return new ResultAsync(change(deps, actor, input));
}

async function change(
  deps: Deps,
  actor: TeamActor,
  input: ChangeMemberInput,
): Promise<Result<Member, SvcError>> {
  const role = roleSchema.safeParse(input.role);
  if (!role.success) {
    return err(
      svcError('validation_failed', `Unknown role ${JSON.stringify(input.role)}.`, { field: 'role' }),
    );
  }
  const rights = await actingMember(deps, actor, input.workspaceId, 'member:read');
  if (rights.isErr()) return err(rights.error);
  const target = await deps.store.workspaces.getMember(input.workspaceId, input.userId);
  if (target === null) return err(memberNotFound(input.userId));
  const allowed = mayTouch(rights.value, target, role.data);
  if (allowed.isErr()) return err(allowed.error);
  const limit = await checkAccountLimit(deps, input.workspaceId, input.accountIds);
  if (limit.isErr()) return err(limit.error);
  const now = deps.clock.now();
  const change = { role: role.data, accountIds: limit.value };
  const outcome = await deps.store.workspaces.updateMember(input.workspaceId, input.userId, change, now);
  if (outcome === 'member_not_found') return err(memberNotFound(input.userId));
  if (outcome === 'last_owner') return err(needsOwner());
  return ok({ ...target, ...change, updatedAt: now });
}

/**
 * Removes a member; anyone may leave a workspace themself. `member_not_found` for a non-member,
 * `workspace_needs_owner` for its only owner. Their keys there are revoked, their console
 * sessions there go back to their personal workspace and their agents' approvals there are
 * revoked, each after the membership went: authentication refuses all three from that moment.
 */
export function removeMember(
  deps: Deps,
  actor: TeamActor,
  input: { readonly workspaceId: string; readonly userId: string },
): ResultAsync<Member, SvcError> {
  return new ResultAsync(
    (async (): Promise<Result<Member, SvcError>> => {
      const rights = await actingMember(deps, actor, input.workspaceId, 'member:read');
      if (rights.isErr()) return err(rights.error);
      const members = await deps.store.workspaces.listMembers(input.workspaceId);
      const target = members.find((m) => m.userId === input.userId);
      if (target === undefined) return err(memberNotFound(input.userId));
      const leaving = actor.kind === 'user' && actor.userId === input.userId;
      const allowed = leaving ? ok(rights.value) : mayTouch(rights.value, target, null);
      if (allowed.isErr()) return err(allowed.error);
      // Checked here for the message, and again by the store under its lock.
      if (leavesNoOwner(members, input.userId, null)) return err(needsOwner());
      const outcome = await deps.store.workspaces.removeMember(input.workspaceId, input.userId);
      if (outcome === 'member_not_found') return err(memberNotFound(input.userId));
      if (outcome === 'last_owner') return err(needsOwner());
      await revokeKeysOf(deps, input.workspaceId, input.userId);
      await endSignInsInWorkspace(deps.store.oauth, input.workspaceId, input.userId);
      return ok(target);
    })(),
  );
}

/**
 * Revokes the keys a removed member made in the workspace. Authentication already refuses a key
 * whose creator is no member (docs/teams.md), so a crash between the two writes leaves no key
 * working; this makes the refusal visible in the key list as a revocation.
 */
async function revokeKeysOf(deps: Deps, workspaceId: string, userId: string): Promise<void> {
  const keys = await deps.store.apiKeys.listApiKeys(workspaceId);
  const theirs = keys.filter((key) => key.createdBy === userId && key.revokedAt === null);
  const now = deps.clock.now();
  for (const key of theirs) await deps.store.apiKeys.revokeApiKey(key.id, now);
}
