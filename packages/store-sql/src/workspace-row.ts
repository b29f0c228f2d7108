import type { Invitation, Member, Membership, Role, Workspace } from '@svc/core';
import { orNull } from './or-null.js';
import { insertSql, type Placeholder } from './placeholder.js';
import type { SqlCodec, SqlTypes } from './sql-codec.js';

/** A `workspaces` row in a dialect's column types. */
export type WorkspaceRowOf<T extends SqlTypes> = {
  id: string;
  name: string;
  personal: T['flag'];
  created_at: T['date'];
  updated_at: T['date'];
};

/** A `workspace_members` row in a dialect's column types. */
export type MemberRowOf<T extends SqlTypes> = {
  workspace_id: string;
  user_id: string;
  role: string;
  account_ids: T['list'] | null;
  created_at: T['date'];
  updated_at: T['date'];
};

/** A `workspace_invitations` row in a dialect's column types. */
export type InvitationRowOf<T extends SqlTypes> = {
  id: string;
  workspace_id: string;
  email: string;
  role: string;
  account_ids: T['list'] | null;
  token_hash: string;
  invited_by: string;
  created_at: T['date'];
  expires_at: T['date'];
  accepted_at: T['date'] | null;
  accepted_by: string | null;
};

/** The columns of a `workspace_members` row, in the order the shared insert binds them. */
export const MEMBER_COLUMNS = [
  'workspace_id',
  'user_id',
  'role',
  'account_ids',
  'created_at',
  'updated_at',
] as const;

/** The row that stores a workspace. */
export function workspaceToSqlRow<T extends SqlTypes>(codec: SqlCodec<T>, w: Workspace): WorkspaceRowOf<T> {
  return {
    id: w.id,
    name: w.name,
    personal: codec.flagToSql(w.personal),
    created_at: codec.dateToSql(w.createdAt),
    updated_at: codec.dateToSql(w.updatedAt),
  };
}

/** The workspace a row stores. */
export function sqlRowToWorkspace<T extends SqlTypes>(codec: SqlCodec<T>, row: WorkspaceRowOf<T>): Workspace {
  return {
    id: row.id,
    name: row.name,
    personal: codec.flagFromSql(row.personal),
    createdAt: codec.dateFromSql(row.created_at),
    updatedAt: codec.dateFromSql(row.updated_at),
  };
}

/** The row that stores a membership. */
export function memberToSqlRow<T extends SqlTypes>(codec: SqlCodec<T>, m: Member): MemberRowOf<T> {
  return {
    workspace_id: m.workspaceId,
    user_id: m.userId,
    role: m.role,
    account_ids: orNull(m.accountIds, codec.listToSql),
    created_at: codec.dateToSql(m.createdAt),
    updated_at: codec.dateToSql(m.updatedAt),
  };
}

/** The membership a row stores. */
export function sqlRowToMember<T extends SqlTypes>(codec: SqlCodec<T>, row: MemberRowOf<T>): Member {
  return {
    workspaceId: row.workspace_id,
    userId: row.user_id,
    role: row.role as Role,
    accountIds: orNull(row.account_ids, codec.listFromSql),
    createdAt: codec.dateFromSql(row.created_at),
    updatedAt: codec.dateFromSql(row.updated_at),
  };
}

/** The row that stores an invitation. */
export function invitationToSqlRow<T extends SqlTypes>(
  codec: SqlCodec<T>,
  i: Invitation,
): InvitationRowOf<T> {
  return {
    id: i.id,
    workspace_id: i.workspaceId,
    email: i.email,
    role: i.role,
    account_ids: orNull(i.accountIds, codec.listToSql),
    token_hash: i.tokenHash,
    invited_by: i.invitedBy,
    created_at: codec.dateToSql(i.createdAt),
    expires_at: codec.dateToSql(i.expiresAt),
    accepted_at: orNull(i.acceptedAt, codec.dateToSql),
    accepted_by: i.acceptedBy,
  };
}

/** The invitation a row stores. */
export function sqlRowToInvitation<T extends SqlTypes>(
  codec: SqlCodec<T>,
  row: InvitationRowOf<T>,
): Invitation {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    email: row.email,
    role: row.role as Role,
    accountIds: orNull(row.account_ids, codec.listFromSql),
    tokenHash: row.token_hash,
    invitedBy: row.invited_by,
    createdAt: codec.dateFromSql(row.created_at),
    expiresAt: codec.dateFromSql(row.expires_at),
    acceptedAt: orNull(row.accepted_at, codec.dateFromSql),
    acceptedBy: row.accepted_by,
  };
}

/** A row of `listMembershipsSql`: a workspace and the user's membership, its dates as `member_*`. */
export type MembershipRowOf<T extends SqlTypes> = WorkspaceRowOf<T> &
  MemberRowOf<T> & { member_created_at: T['date']; member_updated_at: T['date'] };

/** The workspace and membership a row of `listMembershipsSql` holds. */
export function sqlRowToMembership<T extends SqlTypes>(
  codec: SqlCodec<T>,
  row: MembershipRowOf<T>,
): Membership {
  return {
    workspace: sqlRowToWorkspace(codec, row),
    member: sqlRowToMember(codec, {
      ...row,
      created_at: row.member_created_at,
      updated_at: row.member_updated_at,
    }),
  };
}

/** Adds a membership; only an existing one is an expected clash (the primary key), answering no row. */
export function insertMemberSql(placeholder: Placeholder): string {
  return `${insertSql('workspace_members', MEMBER_COLUMNS, placeholder)}
ON CONFLICT (workspace_id, user_id) DO NOTHING`;
}

/**
 * The workspaces of a user with their membership (the member's dates as `member_*`): the user's
 * own personal workspace first, then by when they joined, then id. `userParam` is the dialect's
 * placeholder for the user id.
 */
export function listMembershipsSql(userParam: string): string {
  return `SELECT w.id, w.name, w.personal, w.created_at, w.updated_at,
       m.workspace_id, m.user_id, m.role, m.account_ids, m.created_at AS member_created_at, m.updated_at AS member_updated_at
FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
WHERE m.user_id = ${userParam}
ORDER BY CASE WHEN w.id = m.user_id THEN 0 ELSE 1 END, m.created_at, w.id`;
}

/** A workspace's members, owners first (the roles' order), then by when they joined, then user id. */
export function listMembersSql(workspaceParam: string): string {
  return `SELECT * FROM workspace_members WHERE workspace_id = ${workspaceParam}
ORDER BY CASE role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 WHEN 'editor' THEN 2 WHEN 'contributor' THEN 3 ELSE 4 END,
  created_at, user_id`;
}

/**
 * The personal workspace and owner membership of a user just inserted, in the user's transaction
 * (and, for the users there were, in migration 0032): the workspace takes the user's id and email.
 */
export function personalWorkspaceSql(userParam: string): readonly string[] {
  return [
    `INSERT INTO workspaces (id, name, personal, created_at, updated_at)
SELECT id, email, TRUE, created_at, created_at FROM users WHERE id = ${userParam}`,
    `INSERT INTO workspace_members (workspace_id, user_id, role, account_ids, created_at, updated_at)
SELECT id, id, 'owner', NULL, created_at, created_at FROM users WHERE id = ${userParam}`,
  ];
}
