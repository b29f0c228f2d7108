import type { Role } from './roles.js';
import type { TeamAction } from './team-actions.js';

/** One row of the matrix: the roles allowed an action, and what the action covers. */
export type RoleMatrixRow = {
  readonly roles: readonly Role[];
  /** What the action covers, in the words docs/teams.md shows. */
  readonly covers: string;
};

const ALL: readonly Role[] = ['owner', 'admin', 'editor', 'contributor', 'viewer'];
const CONTRIBUTORS: readonly Role[] = ['owner', 'admin', 'editor', 'contributor'];
const EDITORS: readonly Role[] = ['owner', 'admin', 'editor'];
const ADMINS: readonly Role[] = ['owner', 'admin'];
const OWNERS: readonly Role[] = ['owner'];

/**
 * THE role × action matrix: `memberCan` reads it, and docs/teams.md shows it rendered by
 * `roleMatrixMarkdown` (a test asserts the two are the same text, so they cannot drift).
 * Typed as a total record, so a new action cannot ship without its row.
 */
export const ROLE_MATRIX: Readonly<Record<TeamAction, RoleMatrixRow>> = {
  'post:read': { roles: ALL, covers: 'read posts, the calendar, the queue and their history' },
  'post:draft': { roles: CONTRIBUTORS, covers: 'create drafts and edit them while they are drafts' },
  'approval:request': { roles: CONTRIBUTORS, covers: 'ask for a draft to be approved' },
  'post:schedule': {
    roles: EDITORS,
    covers: 'schedule, queue, publish now, edit and reorder scheduled posts',
  },
  'post:delete': { roles: EDITORS, covers: 'delete and restore posts' },
  'approval:decide': { roles: EDITORS, covers: 'approve or reject a draft' },
  'media:read': { roles: ALL, covers: 'read the media library' },
  'media:write': { roles: CONTRIBUTORS, covers: 'upload, import and delete media' },
  'account:read': { roles: ALL, covers: 'read connected accounts, their slots and posting options' },
  'analytics:read': { roles: ALL, covers: 'read metrics and analytics' },
  'automation:read': { roles: ALL, covers: 'read comment automations' },
  'member:read': { roles: ALL, covers: 'read the workspace, its members and their roles' },
  'account:manage': { roles: ADMINS, covers: 'connect and disconnect accounts, set their slots' },
  'automation:manage': { roles: ADMINS, covers: 'create, pause, resume and delete automations' },
  'webhook:manage': { roles: ADMINS, covers: 'read and manage outgoing webhooks' },
  'key:manage': { roles: ADMINS, covers: 'create, list and revoke API keys and agent grants' },
  'member:manage': { roles: ADMINS, covers: 'invite, remove members and change their roles' },
  'approval-policy:manage': { roles: ADMINS, covers: 'set who must ask for approval and who decides' },
  'review-link:manage': { roles: ADMINS, covers: 'create and revoke review links for clients' },
  'billing:read': { roles: ADMINS, covers: 'read the billing summary' },
  'workspace:admin': { roles: OWNERS, covers: 'grant or hand over ownership, delete the workspace' },
};
