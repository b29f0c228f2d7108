import { describe, expect, it } from 'vitest';
import { memberCan, requireCan } from './can.js';
import { ROLE_MATRIX } from './role-matrix.js';
import { ROLES, type Role } from './roles.js';
import { TEAM_ACTIONS, type TeamAction } from './team-actions.js';

const member = (role: Role, accountIds: string[] | null = null) => ({
  workspaceId: 'wsp_a',
  role,
  accountIds,
});
const allowed = (role: Role) => TEAM_ACTIONS.filter((action) => memberCan(member(role), action));

describe('memberCan', () => {
  it('gives each role exactly the actions of its column of the matrix', () => {
    for (const role of ROLES)
      expect(allowed(role), role).toEqual(TEAM_ACTIONS.filter((a) => ROLE_MATRIX[a].roles.includes(role)));
  });

  it('follows the decisions of docs/teams.md', () => {
    // Contributors draft and ask, never schedule; editors schedule and decide; admins manage.
    expect(allowed('contributor')).toEqual(
      expect.arrayContaining(['post:draft', 'approval:request', 'media:write'] satisfies TeamAction[]),
    );
    for (const action of ['post:schedule', 'post:delete', 'approval:decide', 'member:manage'] as const)
      expect(memberCan(member('contributor'), action), action).toBe(false);
    expect(allowed('editor')).toEqual(
      expect.arrayContaining(['post:schedule', 'post:delete', 'approval:decide'] satisfies TeamAction[]),
    );
    expect(memberCan(member('editor'), 'account:manage')).toBe(false);
    for (const action of [
      'account:manage',
      'member:manage',
      'key:manage',
      'webhook:manage',
      'automation:manage',
      'approval-policy:manage',
      'review-link:manage',
    ] as const)
      expect(memberCan(member('admin'), action), action).toBe(true);
    expect(memberCan(member('admin'), 'workspace:admin')).toBe(false);
    expect(allowed('owner')).toEqual([...TEAM_ACTIONS]);
    // Viewers only read.
    expect(allowed('viewer').every((a) => a.endsWith(':read'))).toBe(true);
    // Each role may do what the one after it may.
    for (let i = 1; i < ROLES.length; i++)
      expect(allowed(ROLES[i - 1] as Role)).toEqual(expect.arrayContaining(allowed(ROLES[i] as Role)));
  });

  it('refuses what belongs to another workspace, whatever the role', () => {
    for (const role of ROLES) {
      expect(memberCan(member(role), 'post:read', { workspaceId: 'wsp_b' })).toBe(false);
      expect(memberCan(member(role), 'post:read', { workspaceId: 'wsp_a' })).toBe(true);
    }
  });

  it('keeps an account-limited member to their accounts', () => {
    const limited = member('editor', ['acct_1']);
    expect(memberCan(limited, 'post:schedule', { accountId: 'acct_1' })).toBe(true);
    expect(memberCan(limited, 'post:schedule', { accountId: 'acct_2' })).toBe(false);
    expect(memberCan(limited, 'post:read', { accountId: 'acct_2' })).toBe(false);
    expect(memberCan(limited, 'post:read', { accountId: null })).toBe(true);
    expect(memberCan(member('editor'), 'post:schedule', { accountId: 'acct_2' })).toBe(true);
  });

  it('refuses with role_not_allowed naming the action and the role', () => {
    const refused = requireCan(member('viewer'), 'post:draft');
    expect(refused._unsafeUnwrapErr()).toMatchObject({
      code: 'role_not_allowed',
      details: { action: 'post:draft', role: 'viewer' },
    });
    expect(
      requireCan(member('editor', ['acct_1']), 'post:read', { accountId: 'acct_2' })._unsafeUnwrapErr(),
    ).toMatchObject({
      code: 'role_not_allowed',
      details: { accountId: 'acct_2' },
    });
  });
});
