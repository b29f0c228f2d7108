import type { Role } from '../roles/index.js';

/**
 * A workspace: what owns accounts, posts, media, keys and the rest (every `owner_id` is a
 * workspace id). A user's personal workspace has the user's id as its id, so the rows owned
 * before workspaces existed belong to it without a rewrite; other workspaces get `wsp_…` ids.
 */
export type Workspace = {
  readonly id: string;
  readonly name: string;
  /** Whether this is a user's personal workspace (its id is that user's id). */
  readonly personal: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
};

/** A person's place in a workspace. */
export type Member = {
  readonly workspaceId: string;
  readonly userId: string;
  readonly role: Role;
  /** Connected-account ids the member is limited to; null means every account of the workspace. */
  readonly accountIds: readonly string[] | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
};

/** A workspace as one of its members sees it in a list: the workspace and their membership. */
export type Membership = { readonly workspace: Workspace; readonly member: Member };

/**
 * An invitation to join a workspace. The token is shown once to the inviter; only its hash is
 * stored. It expires, and is used at most once.
 */
export type Invitation = {
  /** `inv_…`; also the non-secret part of the token. */
  readonly id: string;
  readonly workspaceId: string;
  /** The address it was sent to (normalised); whoever holds the token may accept it. */
  readonly email: string;
  readonly role: Role;
  readonly accountIds: readonly string[] | null;
  /** Hash of the token's secret part (the KeyHasher port). */
  readonly tokenHash: string;
  /** The user who invited. */
  readonly invitedBy: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly acceptedAt: Date | null;
  readonly acceptedBy: string | null;
};
