import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { Store } from '../../deps/index.js';
import type { SvcError } from '../../kernel/index.js';
import type { Membership } from '../workspace.js';
import { workspaceNotFound } from './acting-member.js';

/**
 * The workspace a person chooses to act in (the console's switcher, the consent page): one of
 * theirs, with their membership there; `workspace_not_found` for any other, absent or not.
 */
export function chooseWorkspace(
  deps: { readonly store: Pick<Store, 'workspaces'> },
  userId: string,
  workspaceId: string,
): ResultAsync<Membership, SvcError> {
  return ResultAsync.fromSafePromise(deps.store.workspaces.listMemberships(userId)).andThen((memberships) => {
    const chosen = memberships.find((m) => m.workspace.id === workspaceId);
    return chosen === undefined ? errAsync(workspaceNotFound(workspaceId)) : okAsync(chosen);
  });
}
