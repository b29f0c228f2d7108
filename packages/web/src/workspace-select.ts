import type { Membership } from '@svc/core';
import { type Html, html } from './html.js';

/**
 * The list a person picks one of their workspaces from (the console's switcher, the OAuth consent
 * page): a labelled `<select>` named `workspace`, in the order given (personal first), each with
 * the person's role there (or "personal" for their own; another's personal workspace shows the
 * role they were given in it), `chosen` selected. A plain form field: it works without JavaScript.
 */
export function workspaceSelect(memberships: readonly Membership[], chosen: string, label: string): Html {
  const options = memberships.map(
    ({ workspace, member }) =>
      html`<option value="${workspace.id}"${workspace.id === chosen ? html` selected` : ''}>${workspace.name} (${ownPersonal(workspace.id, member.userId) ? 'personal' : member.role})</option>`,
  );
  return html`<label for="workspace">${label}</label>
<select id="workspace" name="workspace">${options}</select>`;
}

// A personal workspace has its user's id (docs/teams.md).
const ownPersonal = (workspaceId: string, userId: string): boolean => workspaceId === userId;
