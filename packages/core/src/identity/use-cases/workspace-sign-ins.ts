import type { OAuthStore } from '../ports/oauth-store.js';

// A person's browser sessions and agent approvals live in the OAuth records (the console's
// sessions beside the authorization server's grants). Those bound to a workspace name it in their
// payload's `workspaceId`, beside the person in `accountId`; one without acts in the person's
// personal workspace, as every one did before workspaces.

/** The record kind of a console session. */
export const CONSOLE_SESSION_KIND = 'ConsoleSession';

/** The record kind of an agent's approval (an oidc-provider grant). */
export const AGENT_GRANT_KIND = 'Grant';

// Records an approval's tokens and codes are kept under; revoking the grant deletes them all.
const ISSUED_UNDER_GRANT = ['AccessToken', 'RefreshToken', 'AuthorizationCode', 'DeviceCode'] as const;

/** The workspace a session or grant record acts in: its `workspaceId`, else the person's own. */
export function boundWorkspaceOf(payload: Readonly<Record<string, unknown>>, userId: string): string {
  return typeof payload.workspaceId === 'string' ? payload.workspaceId : userId;
}

/** Revokes an agent's approval and every token and code issued under it, at once. */
export async function revokeAgentGrant(store: OAuthStore, grantId: string): Promise<void> {
  for (const kind of ISSUED_UNDER_GRANT) await store.revokeByGrantId(kind, grantId);
  await store.destroy(AGENT_GRANT_KIND, grantId);
}

/**
 * Ends what lets a person act in a workspace from a browser or an agent, as removing them from it
 * wants: their console sessions there go back to their personal workspace (they stay signed in,
 * docs/console.md), and their agents' approvals bound to it are revoked with their tokens.
 * Authentication already refuses both once the membership is gone, so a crash half-way through
 * leaves none acting there; this makes the end visible (the Agents page, the switcher).
 */
export async function endSignInsInWorkspace(
  store: OAuthStore,
  workspaceId: string,
  userId: string,
): Promise<void> {
  if (workspaceId === userId) return;
  for (const session of await store.listByAccount(CONSOLE_SESSION_KIND, userId)) {
    if (boundWorkspaceOf(session.payload, userId) !== workspaceId) continue;
    await store.upsert(
      CONSOLE_SESSION_KIND,
      session.id,
      { ...session.payload, workspaceId: userId },
      session.expiresAt,
    );
  }
  for (const grant of await store.listByAccount(AGENT_GRANT_KIND, userId)) {
    if (boundWorkspaceOf(grant.payload, userId) === workspaceId) await revokeAgentGrant(store, grant.id);
  }
}
