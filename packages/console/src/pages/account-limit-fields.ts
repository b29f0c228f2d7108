import { type ConnectedAccount, PLATFORM_NAMES } from '@svc/core';
import { type Html, html } from '@svc/web';

// An account limit as the console's forms and tables show it: API keys and members are limited to
// accounts in the same way (docs/teams.md), so they show and ask for it the same way.

/** The name of each account (platform and handle), by id. */
export function accountHandles(accounts: readonly ConnectedAccount[]): Map<string, string> {
  return new Map(accounts.map((a) => [a.id, `${PLATFORM_NAMES[a.platform]} @${a.handle}`]));
}

/** What an account limit says in a table: every account, or the accounts by name. */
export function accountLimitCell(
  accountIds: readonly string[] | null,
  handles: ReadonlyMap<string, string>,
): Html | string {
  return accountIds === null
    ? 'every account'
    : html`${accountIds.map((id) => html`<div>${handles.get(id) ?? id}</div>`)}`;
}

/** The form's checkboxes of an account limit (`account` fields); nothing when there is no account. */
export function accountLimitFieldset(accounts: readonly ConnectedAccount[]): Html | string {
  return accounts.length === 0
    ? ''
    : html`<fieldset><legend>Limit to accounts (none checked: every account)</legend>
${accounts.map((a) => html`<label><input type="checkbox" name="account" value="${a.id}"> ${PLATFORM_NAMES[a.platform]} @${a.handle}</label>`)}
</fieldset>`;
}

/** The account limit a form sent: null (every account) when none is checked. */
export function accountLimitOf(form: URLSearchParams): string[] | null {
  const ids = form.getAll('account');
  return ids.length === 0 ? null : ids;
}
