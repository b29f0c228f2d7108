/**
 * The closed vocabulary of what a member may do in a workspace. Every REST operation and agent
 * tool maps to exactly one of these (later sessions wire the surfaces to them), and the role
 * matrix (`ROLE_MATRIX`) says which roles may do each.
 */
export const TEAM_ACTIONS = [
  'post:read',
  'post:draft',
  'approval:request',
  'post:schedule',
  'post:delete',
  'approval:decide',
  'media:read',
  'media:write',
  'account:read',
  'analytics:read',
  'automation:read',
  'member:read',
  'account:manage',
  'automation:manage',
  'webhook:manage',
  'key:manage',
  'member:manage',
  'approval-policy:manage',
  'review-link:manage',
  'billing:read',
  'workspace:admin',
] as const;

/** One action of the vocabulary. */
export type TeamAction = (typeof TEAM_ACTIONS)[number];
