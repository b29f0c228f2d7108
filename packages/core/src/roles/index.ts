// @svc/core/roles — The roles of a workspace member, the action vocabulary, and the one rule
// `memberCan` that reads the role x action matrix. Pure rules, below identity, so that every use
// case (through identity's `useCase`) checks the acting member's role, and teams re-exports them.
// This file is the area's contract: other areas and packages import only what it exports.
export { type MemberRights, memberCan, requireCan, type TeamResource } from './can.js';
export { ROLE_MATRIX, type RoleMatrixRow } from './role-matrix.js';
export { roleMatrixMarkdown } from './role-matrix-markdown.js';
export { GRANTABLE_ROLES, ROLES, type Role, roleSchema } from './roles.js';
export { TEAM_ACTIONS, type TeamAction } from './team-actions.js';
