import { listMembers, listWorkspaces } from '@svc/core';
import { html, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { pageReply } from '../console-page.js';
import type { ConsoleReply } from '../console-reply.js';
import { notFoundPage } from './refusal-page.js';

// Any workspace the person belongs to, read-only: its name, their role there and its members.
// Where an accepted invitation lands (docs/teams.md, "Invitations"), whatever workspace the
// console acts in: core's `listMembers` reads the person's membership again and refuses a
// workspace they are no member of (`workspace_not_found`, shown as not found).

async function show(c: SignedContext): Promise<ConsoleReply> {
  const workspaceId = c.params.id ?? '';
  const person = { kind: 'user', userId: c.session.user.id } as const;
  const members = await listMembers(c.deps.core, person, workspaceId);
  const membership = (await unwrap(listWorkspaces(c.deps.core, c.session.user.id))).find(
    (m) => m.workspace.id === workspaceId,
  );
  if (members.isErr() || membership === undefined) {
    return notFoundPage(c, {
      title: 'Not found',
      section: '/app/members',
      text: 'There is no such workspace among yours.',
      back: { href: '/app/members', label: 'Go to the members' },
    });
  }
  const { workspace, member } = membership;
  const joined = c.url.searchParams.get('joined') === '1';
  const body = html`<p>Workspace <strong>${workspace.name}</strong>. Your role: <strong>${member.role}</strong>.</p>
<h2>Members</h2>
<ul class="members">${members.value.map(
    (m) =>
      html`<li data-member="${m.userId}">${m.email ?? m.userId} <span class="muted">${m.role}${m.userId === c.session.user.id ? ', you' : ''}</span></li>`,
  )}</ul>`;
  return pageReply(c, 200, {
    title: `Members of ${workspace.name}`,
    section: '/app/members',
    body,
    notice: joined ? `Welcome: you joined ${workspace.name} as ${member.role}.` : null,
  });
}

/** A workspace of the person's, by id: its members, read-only. */
export const joinedWorkspaceRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/workspaces/:id/members', access: 'signed', run: show },
];
