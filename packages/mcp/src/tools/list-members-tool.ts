import { listWorkspaceMembers, memberViewSchema } from '@svc/core';
import { defineListTool } from './define-list-tool.js';

/** `svc_list_members`: who is in the workspace the agent acts in, and with which role. */
export const listMembersTool = defineListTool({
  name: 'svc_list_members',
  title: 'List workspace members',
  description:
    "Lists the members of the workspace you act in, owners first: e-mail, role (owner, admin, editor, contributor, viewer) and the accounts each is limited to (null: every account). Use it to know who can review a draft: editors and above decide approvals, contributors only draft and ask (see svc_get_post_approval_status for a request's review steps).",
  scope: 'member:read',
  action: 'member:read',
  key: 'members',
  row: memberViewSchema,
  rows: ({ deps, actor }) => listWorkspaceMembers(deps.core, actor),
  summary: (members) =>
    `${members.length} member(s): ${members.map((m) => `${m.email ?? m.userId} (${m.role})`).join(', ')}.`,
});
