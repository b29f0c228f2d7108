import {
  changeWorkspaceMember,
  type DeliveredInvitation,
  GRANTABLE_ROLES,
  getOwnWorkspace,
  type Invitation,
  invitationDelivery,
  inviteAndDeliver,
  listConnections,
  listWorkspaceInvitations,
  listWorkspaceMembers,
  type MemberView,
  memberCan,
  ROLES,
  removeWorkspaceMember,
  revokeInvitation,
  type SvcError,
} from '@svc/core';
import { emptyState, type Html, html, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { messagePage } from '../console-page.js';
import { type ConsoleReply, htmlReply, redirectReply } from '../console-reply.js';
import { accountHandles, accountLimitCell, accountLimitOf } from './account-limit-fields.js';
import { confirmButton, confirmRoute } from './confirm-page.js';
import { inviteForm, roleForm } from './member-forms.js';

// The Members page (docs/teams.md, "Members" and "Invitations"): the workspace the console acts
// in, its members and open invitations. Every action is a core use case; what this person may do
// (the forms shown) is read from core's `memberCan`, and core refuses anything else.

const DONE = {
  changed: 'The role was changed.',
  removed: 'The member was removed; the API keys they made here no longer work.',
  withdrawn: 'The invitation was withdrawn: its link no longer works.',
} as const;

type Extra = { notice?: string | null; alert?: string | null; invited?: DeliveredInvitation };

async function page(c: SignedContext, extra: Extra): Promise<string> {
  const core = c.deps.core;
  const own = await unwrap(getOwnWorkspace(core, c.actor));
  const workspaceId = own.workspace.id;
  const me = { workspaceId, role: own.role, accountIds: own.accountIds };
  const manages = memberCan(me, 'member:manage', { workspaceId });
  const owns = memberCan(me, 'workspace:admin', { workspaceId });
  const members = await unwrap(listWorkspaceMembers(core, c.actor));
  const invitations = manages ? await unwrap(listWorkspaceInvitations(core, c.actor)) : [];
  const accounts = await unwrap(listConnections(core, c.actor));
  const handles = accountHandles(accounts);
  // An admin neither makes nor changes an owner (core's rule); the forms follow it.
  const mayChange = (m: MemberView) => manages && (owns || m.role !== 'owner');
  const rows = members.map((m) => {
    const self = m.userId === c.session.user.id;
    const name = m.email ?? m.userId;
    return html`<tr data-member="${m.userId}">
<td>${name}${self ? html` <span class="muted">(you)</span>` : ''}</td>
<td data-label="Role">${mayChange(m) && !self ? roleForm(c, m, owns ? ROLES : GRANTABLE_ROLES) : m.role}</td>
<td data-label="Accounts">${accountLimitCell(m.accountIds, handles)}</td>
<td data-label="Joined">${c.time.when(new Date(m.createdAt))}</td>
<td>${
      self && !own.workspace.personal
        ? confirmButton(`/app/members/${m.userId}/remove`, 'Leave', 'Leave this workspace', 'secondary')
        : mayChange(m) && !self
          ? confirmButton(`/app/members/${m.userId}/remove`, 'Remove', `Remove ${name}`)
          : ''
    }</td></tr>`;
  });
  const body = html`${extra.invited === undefined ? '' : invitedCard(c, extra.invited)}
<p>Workspace <strong>${own.workspace.name}</strong>${own.workspace.personal ? ' (your personal workspace)' : ''}. Your role: <strong>${own.role}</strong>.${manages ? '' : ' Only admins and owners invite, change or remove members.'}</p>
<div class="table stack"><table><thead><tr><th scope="col">Member</th><th scope="col">Role</th><th scope="col">Accounts</th><th scope="col">Joined</th><th scope="col"><span class="skip">Actions</span></th></tr></thead><tbody>${rows}</tbody></table></div>
${manages ? html`${inviteForm(c, accounts)}${invitationsSection(c, invitations)}` : ''}`;
  return messagePage(c.session, { title: 'Members', section: '/app/members', body }, extra);
}

function invitedCard(c: SignedContext, invited: DeliveredInvitation): Html {
  const { email, expiresAt } = invited.invitation;
  return invited.emailed
    ? html`<section class="card" aria-labelledby="invited"><h2 id="invited">Invitation sent</h2>
<p>We e-mailed ${email} a link to join as ${invited.invitation.role}. It works once, until ${c.time.when(expiresAt)}.</p></section>`
    : html`<section class="card" aria-labelledby="invited"><h2 id="invited">Pass this link on to ${email}</h2>
<p>This server sends no e-mail, so send it to them yourself, privately: it is shown this once, and it lets the person with the address ${email} join as ${invited.invitation.role} until ${c.time.when(expiresAt)}.</p>
<p class="secret" id="invitation-link">${invited.url}</p>
<button type="button" class="secondary" data-copy="invitation-link" hidden>Copy</button></section>`;
}

function invitationsSection(c: SignedContext, invitations: readonly Invitation[]): Html {
  const now = c.deps.core.clock.now().getTime();
  const rows = invitations.map(
    (i) => html`<tr data-invitation="${i.id}"><td>${i.email}</td><td data-label="Role">${i.role}</td>
<td data-label="Expires">${i.expiresAt.getTime() <= now ? 'expired ' : ''}${c.time.when(i.expiresAt)}</td>
<td>${confirmButton(`/app/invitations/${i.id}/withdraw`, 'Withdraw', `Withdraw the invitation of ${i.email}`)}</td></tr>`,
  );
  return html`<h2>Open invitations</h2>
${
  rows.length === 0
    ? emptyState('No invitation waiting.', { href: '#invite-email', label: 'Invite a person' })
    : html`<div class="table stack"><table><thead><tr><th scope="col">Invited</th><th scope="col">Role</th><th scope="col">Expires</th><th scope="col"><span class="skip">Actions</span></th></tr></thead><tbody>${rows}</tbody></table></div>`
}`;
}

// A refusal's status as the API would answer it, for the page that shows it.
function statusOf(error: SvcError): number {
  if (error.code === 'role_not_allowed') return 403;
  if (error.code.endsWith('_not_found')) return 404;
  return error.code === 'validation_failed' || error.code === 'invalid_profile_ids' ? 400 : 409;
}

async function refusedPage(c: SignedContext, error: SvcError): Promise<ConsoleReply> {
  return htmlReply(statusOf(error), await page(c, { alert: error.message }));
}

async function show(c: SignedContext): Promise<ConsoleReply> {
  const done = c.url.searchParams.get('done');
  return htmlReply(
    200,
    await page(c, { notice: done !== null && done in DONE ? DONE[done as keyof typeof DONE] : null }),
  );
}

async function invite(c: SignedContext): Promise<ConsoleReply> {
  const delivery = invitationDelivery(c.deps.baseUrl, c.deps.mailer);
  const invited = await inviteAndDeliver(c.deps.core, delivery, c.actor, {
    email: (c.form.get('email') ?? '').trim(),
    role: c.form.get('role') ?? '',
    accountIds: accountLimitOf(c.form),
  });
  if (invited.isErr()) return refusedPage(c, invited.error);
  // Answered here, not after a redirect: the link must never travel in a URL of ours or show twice.
  return htmlReply(201, await page(c, { invited: invited.value }));
}

async function changeRole(c: SignedContext): Promise<ConsoleReply> {
  const changed = await changeWorkspaceMember(c.deps.core, c.actor, c.params.userId ?? '', {
    role: c.form.get('role') ?? '',
  });
  return changed.isErr() ? refusedPage(c, changed.error) : redirectReply('/app/members?done=changed');
}

async function remove(c: SignedContext): Promise<ConsoleReply> {
  const userId = c.params.userId ?? '';
  const removed = await removeWorkspaceMember(c.deps.core, c.actor, userId);
  if (removed.isErr()) return refusedPage(c, removed.error);
  // Who left is no member any more: the overview is theirs to go to.
  return redirectReply(userId === c.session.user.id ? '/app' : '/app/members?done=removed');
}

async function withdraw(c: SignedContext): Promise<ConsoleReply> {
  const withdrawn = await revokeInvitation(c.deps.core, c.actor, c.params.id ?? '');
  return withdrawn.isErr() ? refusedPage(c, withdrawn.error) : redirectReply('/app/members?done=withdrawn');
}

/** The Members page, its forms, and the confirmations of removing a member and withdrawing an invitation. */
export const memberRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/members', access: 'signed', run: show },
  { method: 'POST', path: '/app/members/invite', access: 'signed', run: invite },
  { method: 'POST', path: '/app/members/:userId/role', access: 'signed', run: changeRole },
  { method: 'POST', path: '/app/members/:userId/remove', access: 'signed', run: remove },
  { method: 'POST', path: '/app/invitations/:id/withdraw', access: 'signed', run: withdraw },
  confirmRoute('/app/members/:userId/remove', '/app/members', async (c) => {
    const members = await unwrap(listWorkspaceMembers(c.deps.core, c.actor));
    const member = members.find((m) => m.userId === c.params.userId);
    if (member === undefined) return null;
    const self = member.userId === c.session.user.id;
    return {
      question: self ? 'Leave this workspace?' : `Remove ${member.email ?? member.userId}?`,
      consequences: [
        self
          ? 'You will no longer see or change anything of this workspace.'
          : 'They will no longer see or change anything of this workspace.',
        'The API keys they made in this workspace stop working at once. Only a new invitation brings them back.',
      ],
      button: self ? 'Leave the workspace' : 'Remove the member',
      back: { href: '/app/members', label: 'back to the members' },
    };
  }),
  confirmRoute('/app/invitations/:id/withdraw', '/app/members', async (c) => {
    const invitations = await unwrap(listWorkspaceInvitations(c.deps.core, c.actor));
    const invitation = invitations.find((i) => i.id === c.params.id);
    return invitation === undefined
      ? null
      : {
          question: `Withdraw the invitation of ${invitation.email}?`,
          consequences: ['Its link stops working at once; you can invite them again later.'],
          button: 'Withdraw the invitation',
          back: { href: '/app/members', label: 'back to the members' },
        };
  }),
];
