import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { findUserByEmail } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { Member, Membership, Workspace } from '../workspace.js';

/** The longest workspace name. */
export const WORKSPACE_NAME_MAX = 100;

/**
 * Creates a (non-personal) workspace with a fresh `wsp_…` id, its creator as its owner, both
 * stored together. `user_not_found` when the creator does not exist.
 */
export function createWorkspace(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'ids'>,
  input: { readonly ownerUserId: string; readonly name: string },
): ResultAsync<Membership, SvcError> {
  return new ResultAsync(create(deps, input));
}

/** The same for the user with this email (operator action, `svc workspaces create`). */
export function createWorkspaceByEmail(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'ids'>,
  input: { readonly email: string; readonly name: string },
): ResultAsync<Membership, SvcError> {
  return findUserByEmail(deps, input.email).andThen((user) =>
    createWorkspace(deps, { ownerUserId: user.id, name: input.name }),
  );
}

async function create(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'ids'>,
  input: { readonly ownerUserId: string; readonly name: string },
): Promise<Result<Membership, SvcError>> {
  const name = input.name.trim();
  if (name === '' || name.length > WORKSPACE_NAME_MAX) {
    return err(
      svcError('validation_failed', `A workspace name has 1 to ${WORKSPACE_NAME_MAX} characters.`, {
        field: 'name',
      }),
    );
  }
  if ((await deps.store.users.getUser(input.ownerUserId)) === null)
    return err(svcError('user_not_found', `No user ${input.ownerUserId}.`));
  const now = deps.clock.now();
  const workspace: Workspace = {
    id: deps.ids.id('wsp'),
    name,
    personal: false,
    createdAt: now,
    updatedAt: now,
  };
  const member: Member = {
    workspaceId: workspace.id,
    userId: input.ownerUserId,
    role: 'owner',
    accountIds: null,
    createdAt: now,
    updatedAt: now,
  };
  await deps.store.workspaces.insertWorkspace(workspace, member);
  return ok({ workspace, member });
}
