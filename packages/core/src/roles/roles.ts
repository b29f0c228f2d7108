import { z } from 'zod';

/**
 * The roles of a workspace member, from the most to the least trusted (docs/teams.md). Each role
 * may do what the one after it may, and more: the matrix (`ROLE_MATRIX`) says exactly what.
 */
export const ROLES = ['owner', 'admin', 'editor', 'contributor', 'viewer'] as const;

/** A member's role. */
export type Role = (typeof ROLES)[number];

/** Schema of a role, for CLI and request input. */
export const roleSchema = z.enum(ROLES);

/** The roles a member can be added or invited with: ownership is only ever handed over by an owner. */
export const GRANTABLE_ROLES = [
  'admin',
  'editor',
  'contributor',
  'viewer',
] as const satisfies readonly Role[];
