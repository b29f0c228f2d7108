import {
  addMember,
  createWorkspaceByEmail,
  findUserByEmail,
  GRANTABLE_ROLES,
  listMembers,
  listWorkspacesByEmail,
  OPERATOR,
} from '@svc/core';
import { type CliCommand, printJson } from './cli-command.js';
import { list, orFail, required, runUseCase, withServices } from './command-support.js';

/** `svc members add`. */
export const membersAdd: CliCommand = {
  name: 'members add',
  summary: "Add a person to another's personal workspace with a role",
  help: `Usage: svc members add --owner-email O --email E --role R [--accounts ID1,ID2]

Adds E to the personal workspace of O with the role R and prints {"workspaceId", "userId",
"role"}. E is created first when no user has that address (with this install's plan for new
users, as svc users create without --plan; svc users set-password lets them sign in). The
workspace's id is O's user id: everything O owned before workspaces existed is in it.
docs/teams.md says what each role may do.

Options:
  --owner-email O     the person whose personal workspace E joins
  --email E           the person added (created when new)
  --role R            ${GRANTABLE_ROLES.join(', ')} (ownership is not given this way)
  --accounts ID1,ID2  limit E to these connected accounts of the workspace (default: all)`,
  options: {
    'owner-email': { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string' },
    accounts: { type: 'string' },
  },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const added = await runUseCase(io, (core) =>
      addMember(core, {
        ownerEmail: required(values, 'owner-email'),
        email: required(values, 'email'),
        role: required(values, 'role'),
        accountIds: values.accounts === undefined ? null : list(values.accounts),
      }),
    );
    printJson(io, {
      workspaceId: added.member.workspaceId,
      userId: added.member.userId,
      role: added.member.role,
    });
    return 0;
  },
};

/** `svc members list`. */
export const membersList: CliCommand = {
  name: 'members list',
  summary: "List the members of a person's personal workspace",
  help: `Usage: svc members list --email O

Prints {"workspaceId", "members": [...]} for the personal workspace of O: owners first, then by
when they joined. Each member has userId, email, role, accountIds (null: every account of the
workspace), createdAt (when they joined) and updatedAt: the same view as GET /api/v1/members.`,
  options: { email: { type: 'string' } },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const listed = await withServices(io, async ({ core }) => {
      const owner = await orFail(findUserByEmail(core, required(values, 'email')));
      return { workspaceId: owner.id, members: await orFail(listMembers(core, OPERATOR, owner.id)) };
    });
    printJson(io, listed);
    return 0;
  },
};

/** `svc workspaces list`. */
export const workspacesList: CliCommand = {
  name: 'workspaces list',
  summary: 'List the workspaces a person belongs to',
  help: `Usage: svc workspaces list --email E

Prints {"workspaces": [...]}: every workspace E is a member of, E's personal workspace first
(its id is E's user id), then by when E joined. Each has id, name, personal, role (E's role
there) and accountIds (E's account limit there; null: every account).`,
  options: { email: { type: 'string' } },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const memberships = await runUseCase(io, (core) =>
      listWorkspacesByEmail(core, required(values, 'email')),
    );
    printJson(io, {
      workspaces: memberships.map(({ workspace, member }) => ({
        id: workspace.id,
        name: workspace.name,
        personal: workspace.personal,
        role: member.role,
        accountIds: member.accountIds,
      })),
    });
    return 0;
  },
};

/** `svc workspaces create`. */
export const workspacesCreate: CliCommand = {
  name: 'workspaces create',
  summary: 'Create a team workspace owned by a person',
  help: `Usage: svc workspaces create --email E --name N

Creates a team workspace named N (1 to 100 characters) with E as its owner and prints
{"id", "name", "personal": false, "role": "owner"}. Its id starts with wsp_. E then switches to
it in the console and invites members from its Members page (docs/teams.md).`,
  options: { email: { type: 'string' }, name: { type: 'string' } },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const made = await runUseCase(io, (core) =>
      createWorkspaceByEmail(core, { email: required(values, 'email'), name: required(values, 'name') }),
    );
    printJson(io, {
      id: made.workspace.id,
      name: made.workspace.name,
      personal: made.workspace.personal,
      role: made.member.role,
    });
    return 0;
  },
};
