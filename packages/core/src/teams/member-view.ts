import type { CoreDeps } from '../deps/index.js';
import type { Role } from '../roles/index.js';
import type { Member } from './workspace.js';

/** A member as every surface shows one (REST, the CLI): who, with their address, and their role. */
export type MemberView = {
  readonly userId: string;
  /** Null only when the user row is gone (a member is removed with their user). */
  readonly email: string | null;
  readonly role: Role;
  readonly accountIds: string[] | null;
  /** When they joined. */
  readonly createdAt: string;
  readonly updatedAt: string;
};

/** The views of members, each with its user's address (one read per member: lists are short). */
export async function memberViews(
  deps: Pick<CoreDeps, 'store'>,
  members: readonly Member[],
): Promise<MemberView[]> {
  const users = await Promise.all(members.map((m) => deps.store.users.getUser(m.userId)));
  return members.map((m, i) => ({
    userId: m.userId,
    email: users[i]?.email ?? null,
    role: m.role,
    accountIds: m.accountIds === null ? null : [...m.accountIds],
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  }));
}

/** The view of one member. */
export async function memberView(deps: Pick<CoreDeps, 'store'>, member: Member): Promise<MemberView> {
  const [view] = await memberViews(deps, [member]);
  return view as MemberView;
}
