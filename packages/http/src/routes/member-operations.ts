// The REST operations of the caller's workspace (issue 36): the workspace, its members and its
// invitations. The rules (who may read, who may manage) are core's use cases'. Just over 300
// lines: the operations share the member and invitation schemas and examples, kept beside them.

import {
  addWorkspaceMember,
  changeWorkspaceMember,
  GRANTABLE_ROLES,
  getOwnWorkspace,
  type Invitation,
  invitationDelivery,
  inviteAndDeliver,
  listWorkspaceInvitations,
  listWorkspaceMembers,
  memberAccountIdsSchema,
  memberViewSchema,
  ROLES,
  removeWorkspaceMember,
  revokeInvitation,
} from '@svc/core';
import { unwrap } from '@svc/web';
import { z } from 'zod';
import type { HttpDeps } from '../http-deps.js';
import { actorOf } from '../http-state.js';
import { listAnswer } from '../list-answer.js';
import { type AnyOperation, defined, defineOperation } from '../operation.js';
import { removedAnswer } from '../removed-answer.js';
import { useCaseOperation } from '../use-case-operation.js';

const WORKSPACE_ID = 'user_01JDQ3Z5T2X8K9M4N6P7R0S1V2';
const USER_ID = 'user_01JDQ40A7B8C9D0E1F2G3H4J5K';
const INVITATION_ID = 'inv_01JDQ40A6Z7Y8X9W0V1T2S3R4Q';

const accountIdsSchema = memberAccountIdsSchema;

/** A workspace member as the API shows one (core's, shared with the agent tool). */
export const memberSchema = memberViewSchema;

const MEMBER_EXAMPLE = {
  userId: USER_ID,
  email: 'bob@example.com',
  role: 'editor' as const,
  accountIds: null,
  createdAt: '2031-12-01T09:00:00.000Z',
  updatedAt: '2031-12-01T09:00:00.000Z',
};

/** An open invitation as the API shows one (never its token). */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  accountIds: accountIdsSchema,
  invitedBy: z.string().describe('The user who invited.'),
  createdAt: z.string(),
  expiresAt: z.string().describe('After this the token no longer works.'),
});

const INVITATION_EXAMPLE = {
  id: INVITATION_ID,
  email: 'sam@example.com',
  role: 'contributor' as const,
  accountIds: null,
  invitedBy: WORKSPACE_ID,
  createdAt: '2031-12-01T09:00:00.000Z',
  expiresAt: '2031-12-08T09:00:00.000Z',
};

const workspaceSchema = z.object({
  id: z.string().describe("The workspace's id: a personal workspace has its user's id."),
  name: z.string(),
  personal: z.boolean(),
  role: z.enum(ROLES).describe('Your role in it.'),
  accountIds: accountIdsSchema,
  createdAt: z.string(),
});

const roleField = z.enum(GRANTABLE_ROLES).describe('The role (ownership is never given this way).');
const limitField = z
  .array(z.string().min(1).max(200))
  .max(100)
  .nullish()
  .describe('Limit the member to these connected accounts; omit or null for every account.');

const addSchema = z.strictObject({
  email: z.string().min(1).max(320).describe('The address of an existing user.'),
  role: roleField,
  accountIds: limitField,
});

const changeSchema = z
  .strictObject({
    role: z.enum(ROLES).optional().describe('The new role (making or unmaking an owner needs an owner).'),
    accountIds: limitField,
  })
  .refine((change) => Object.keys(change).length > 0, { message: 'Send at least one field to change.' });

const invitationJson = (i: Invitation) => ({
  id: i.id,
  email: i.email,
  role: i.role,
  accountIds: i.accountIds === null ? null : [...i.accountIds],
  invitedBy: i.invitedBy,
  createdAt: i.createdAt.toISOString(),
  expiresAt: i.expiresAt.toISOString(),
});

/**
 * The caller's workspace over REST (docs/teams.md): any member reads it, its members and its open
 * invitations (`member:read`); admins and owners add, change and remove members and invite people
 * (`member:write`).
 */
export function memberOperations(deps: HttpDeps): AnyOperation[] {
  return [
    useCaseOperation({
      id: 'getWorkspace',
      method: 'GET',
      path: '/api/v1/workspace',
      tag: 'Workspace',
      summary: "The key's workspace and your role in it",
      scope: 'member:read',
      action: 'member:read',
      answer: {
        description: 'The workspace the key acts in.',
        schema: workspaceSchema,
        example: {
          id: WORKSPACE_ID,
          name: 'ann@example.com',
          personal: true,
          role: 'owner',
          accountIds: null,
          createdAt: '2031-12-01T09:00:00.000Z',
        },
      },
      errors: ['role_not_allowed', 'workspace_not_found'],
    })(deps.core, getOwnWorkspace, ({ workspace, role, accountIds }) => ({
      id: workspace.id,
      name: workspace.name,
      personal: workspace.personal,
      role,
      accountIds: accountIds === null ? null : [...accountIds],
      createdAt: workspace.createdAt.toISOString(),
    })),
    useCaseOperation({
      id: 'listMembers',
      method: 'GET',
      path: '/api/v1/members',
      tag: 'Workspace',
      summary: 'List the members, owners first',
      scope: 'member:read',
      action: 'member:read',
      answer: listAnswer('members', memberSchema, "The workspace's members.", MEMBER_EXAMPLE),
      errors: ['role_not_allowed', 'workspace_not_found'],
    })(deps.core, listWorkspaceMembers, (members) => ({ members })),
    defineOperation({
      id: 'addMember',
      method: 'POST',
      path: '/api/v1/members',
      tag: 'Workspace',
      summary: 'Add an existing user as a member',
      description:
        'Admins and owners. A person without an account is invited instead (`POST /api/v1/invitations`).',
      access: { scope: 'member:write', action: 'member:manage' },
      body: { kind: 'json', schema: addSchema, example: { email: 'bob@example.com', role: 'editor' } },
      responses: { 201: { description: 'The new member.', schema: memberSchema, example: MEMBER_EXAMPLE } },
      errors: [
        'role_not_allowed',
        'workspace_not_found',
        'user_not_found',
        'already_a_member',
        'invalid_profile_ids',
        'validation_failed',
      ],
    })(async ({ ctx, body }) => ({
      status: 201,
      body: await unwrap(addWorkspaceMember(deps.core, actorOf(ctx), defined(body))),
    })),
    defineOperation({
      id: 'updateMember',
      method: 'PATCH',
      path: '/api/v1/members/{userId}',
      tag: 'Workspace',
      summary: "Change a member's role or account limit",
      description:
        'Admins and owners; giving or taking ownership needs an owner. A workspace always keeps an owner.',
      access: { scope: 'member:write', action: 'member:manage' },
      body: { kind: 'json', schema: changeSchema, example: { role: 'contributor' } },
      responses: {
        200: { description: 'The member as they are now.', schema: memberSchema, example: MEMBER_EXAMPLE },
      },
      errors: [
        'role_not_allowed',
        'workspace_not_found',
        'member_not_found',
        'workspace_needs_owner',
        'invalid_profile_ids',
        'validation_failed',
      ],
    })(async ({ ctx, params, body }) => ({
      status: 200,
      body: await unwrap(changeWorkspaceMember(deps.core, actorOf(ctx), params.userId ?? '', defined(body))),
    })),
    defineOperation({
      id: 'removeMember',
      method: 'DELETE',
      path: '/api/v1/members/{userId}',
      tag: 'Workspace',
      summary: 'Remove a member',
      description:
        'Admins and owners; anyone may remove themself (leave). The keys the member made in this workspace are revoked.',
      access: { scope: 'member:read', action: 'member:manage' },
      responses: {
        200: {
          description: 'The member is gone.',
          schema: z.object({ userId: z.string(), removed: z.literal(true) }),
          example: { userId: USER_ID, removed: true },
        },
      },
      errors: ['role_not_allowed', 'workspace_not_found', 'member_not_found', 'workspace_needs_owner'],
    })(async ({ ctx, params }) => {
      const removed = await unwrap(removeWorkspaceMember(deps.core, actorOf(ctx), params.userId ?? ''));
      return { status: 200, body: { userId: removed.userId, removed: true as const } };
    }),
    defineOperation({
      id: 'createInvitation',
      method: 'POST',
      path: '/api/v1/invitations',
      tag: 'Workspace',
      summary: 'Invite a person by email',
      description:
        'Admins and owners. The answer holds the token (`svc_inv_…`) and its accept link (`url`) this once. When the server sends e-mail (`SVC_SMTP_URL`) the link is e-mailed to the person (`emailed: true`); otherwise pass it on yourself. The person opens it and accepts signed in with the address invited, or chooses a password when the address has no account. It expires after seven days and works once.',
      access: { scope: 'member:write', action: 'member:manage' },
      body: { kind: 'json', schema: addSchema, example: { email: 'sam@example.com', role: 'contributor' } },
      responses: {
        201: {
          description: 'The invitation, and its token shown this once.',
          schema: z.object({
            invitation: invitationSchema,
            token: z.string().describe('The invitation token, shown this once.'),
            url: z.string().describe('The accept link (`/invite/<token>`), shown this once.'),
            emailed: z.boolean().describe('Whether the link was e-mailed to the person.'),
          }),
          example: {
            invitation: INVITATION_EXAMPLE,
            token: `svc_${INVITATION_ID}.ZXhhbXBsZS1zZWNyZXQtb2YtMzItYnl0ZXMtbG9uZyE`,
            url: `https://svc.example/invite/svc_${INVITATION_ID}.ZXhhbXBsZS1zZWNyZXQtb2YtMzItYnl0ZXMtbG9uZyE`,
            emailed: false,
          },
        },
      },
      errors: [
        'role_not_allowed',
        'workspace_not_found',
        'already_a_member',
        'invalid_profile_ids',
        'validation_failed',
      ],
    })(async ({ ctx, body }) => {
      const delivery = invitationDelivery(deps.baseUrl, deps.mailer);
      const created = await unwrap(inviteAndDeliver(deps.core, delivery, actorOf(ctx), defined(body)));
      const { token, url, emailed } = created;
      return { status: 201, body: { invitation: invitationJson(created.invitation), token, url, emailed } };
    }),
    useCaseOperation({
      id: 'listInvitations',
      method: 'GET',
      path: '/api/v1/invitations',
      tag: 'Workspace',
      summary: 'List the invitations not accepted yet, newest first',
      description: 'Admins and owners. Expired ones included (see `expiresAt`). Tokens are never listed.',
      scope: 'member:read',
      action: 'member:manage',
      answer: listAnswer(
        'invitations',
        invitationSchema,
        "The workspace's open invitations.",
        INVITATION_EXAMPLE,
      ),
      errors: ['role_not_allowed', 'workspace_not_found'],
    })(deps.core, listWorkspaceInvitations, (invitations) => ({
      invitations: invitations.map(invitationJson),
    })),
    useCaseOperation({
      id: 'revokeInvitation',
      method: 'DELETE',
      path: '/api/v1/invitations/{id}',
      tag: 'Workspace',
      summary: 'Withdraw an invitation',
      description: 'Admins and owners. Its token stops working.',
      scope: 'member:write',
      action: 'member:manage',
      answer: removedAnswer('revoked', 'The invitation is gone.', INVITATION_ID),
      errors: ['role_not_allowed', 'invitation_not_found'],
    })(deps.core, revokeInvitation, ({ id }) => ({ id, revoked: true as const })),
  ];
}
