import { type ConnectedAccount, GRANTABLE_ROLES, type MemberView, type Role } from '@svc/core';
import { type Html, html } from '@svc/web';
import type { SignedContext } from '../console-context.js';
import { csrfField } from '../console-page.js';
import { accountLimitFieldset } from './account-limit-fields.js';

// The forms of the Members page. Which roles a form offers is read from core's rules by the page
// (`memberCan`): a form never decides what is allowed, core refuses what is not.

function roleOptions(roles: readonly Role[], current: Role | null): Html {
  return html`${roles.map((r) => html`<option value="${r}"${r === current ? html` selected` : ''}>${r}</option>`)}`;
}

/** Changing one member's role: the roles the acting member may give, the member's own selected. */
export function roleForm(c: SignedContext, member: MemberView, roles: readonly Role[]): Html {
  const id = `role-${member.userId}`;
  const offered = roles.includes(member.role) ? roles : [member.role, ...roles];
  return html`<form class="inline" method="post" action="/app/members/${member.userId}/role">${csrfField(c.session)}
<label class="skip" for="${id}">Role of ${member.email ?? member.userId}</label>
<select id="${id}" name="role">${roleOptions(offered, member.role)}</select>
<button class="secondary" type="submit" aria-label="Change the role of ${member.email ?? member.userId}">Change</button></form>`;
}

/** Inviting a person by e-mail, with a role and an optional account limit. */
export function inviteForm(c: SignedContext, accounts: readonly ConnectedAccount[]): Html {
  return html`<section class="card" aria-labelledby="invite"><h2 id="invite">Invite a person</h2>
<form method="post" action="/app/members/invite">${csrfField(c.session)}
<label for="invite-email">E-mail address</label>
<input id="invite-email" name="email" type="email" required maxlength="320" autocomplete="off">
<label for="invite-role">Role</label>
<select id="invite-role" name="role">${roleOptions(GRANTABLE_ROLES, 'editor')}</select>
${accountLimitFieldset(accounts)}
<div class="actions"><button type="submit">Send invitation</button></div>
</form></section>`;
}
