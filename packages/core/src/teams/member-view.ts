import { z } from 'zod';
import type { CoreDeps } from '../deps/index.js';
import { ROLES, type Role } from '../roles/index.js';
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

/** A member's account limit as the surfaces describe it. */
export const memberAccountIdsSchema = z
  .array(z.string())
  .nullable()
  .describe('The connected accounts the member is limited to; null for every account of the workspace.');

/** A `MemberView` as REST and the agent tools answer it: one schema, so the two cannot differ. */
export const memberViewSchema = z.object({
  userId: z.string(),
  email: z.string().nullable().describe("The member's e-mail address."),
  role: z.enum(ROLES),
  accountIds: memberAccountIdsSchema,
  createdAt: z.string().describe('When they joined.'),
  updatedAt: z.string(),
});
