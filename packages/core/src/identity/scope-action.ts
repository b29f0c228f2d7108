import type { TeamAction } from '../roles/index.js';
import type { Scope } from './scopes.js';

/**
 * The team action (docs/teams.md) a use case needing `scope` performs, unless it names another:
 * scopes limit the credential, actions limit the person, and every use case checks both. Kept in
 * core beside `useCase`, so REST, tools and console map an operation to the same action.
 * Wildcards are never required by a use case; they map to the strictest action for safety.
 */
export const SCOPE_ACTIONS: Readonly<Record<Scope, TeamAction>> = {
  '*': 'workspace:admin',
  'svc:*': 'workspace:admin',
  'post:read': 'post:read',
  'post:write': 'post:schedule',
  'post:draft': 'post:draft',
  'approval:request': 'approval:request',
  'account:read': 'account:read',
  'account:write': 'account:manage',
  'media:write': 'media:write',
  'automation:read': 'automation:read',
  'automation:write': 'automation:manage',
  'webhook:read': 'webhook:manage',
  'webhook:write': 'webhook:manage',
  'member:read': 'member:read',
  'member:write': 'member:manage',
};
