import { ResultAsync } from 'neverthrow';
import type { CoreDeps, Store } from '../../deps/index.js';
import { findUserByEmail } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import type { Membership } from '../workspace.js';

/** The workspaces a user belongs to, with their role in each (personal first). */
export function listWorkspaces(
  deps: { readonly store: Pick<Store, 'workspaces'> },
  userId: string,
): ResultAsync<Membership[], SvcError> {
  return ResultAsync.fromSafePromise(deps.store.workspaces.listMemberships(userId));
}

/** The same for the user with this email (operator action, `svc workspaces list`). */
export function listWorkspacesByEmail(
  deps: Pick<CoreDeps, 'store'>,
  email: string,
): ResultAsync<Membership[], SvcError> {
  return findUserByEmail(deps, email).andThen((user) => listWorkspaces(deps, user.id));
}
