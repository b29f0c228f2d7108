import type { Store } from '../../deps/index.js';
import type { User } from '../user.js';

/**
 * The user whose plan a workspace uses: the user of a personal workspace (its id), else its first
 * owner (owners come first in `listMembers`, the longest-standing first). Null when none is left.
 */
export async function planHolderOf(
  deps: { readonly store: Pick<Store, 'users' | 'workspaces'> },
  workspaceId: string,
): Promise<User | null> {
  const personal = await deps.store.users.getUser(workspaceId);
  if (personal !== null) return personal;
  const first = (await deps.store.workspaces.listMembers(workspaceId)).find((m) => m.role === 'owner');
  return first === undefined ? null : deps.store.users.getUser(first.userId);
}

/** Two account limits at once: null is no limit; two limits leave the accounts both allow. */
export function intersectAccountLimits(
  a: readonly string[] | null,
  b: readonly string[] | null,
): readonly string[] | null {
  if (a === null) return b;
  if (b === null) return a;
  return a.filter((id) => b.includes(id));
}
