import {
  AGENT_GRANT_KIND,
  type AgentAccess,
  type AgentGrant,
  boundWorkspaceOf,
  type Clock,
  type OAuthStore,
  revokeAgentGrant,
} from '@svc/core';

/**
 * The approvals (oidc-provider grants) a person gave to agents, read from the OAuth records: the
 * grant names the client and the scopes approved per resource. Revoking deletes the grant and every
 * token issued under it, so the agent's next call is refused.
 */
export function createAgentAccess(store: OAuthStore, clock: Clock): AgentAccess {
  return {
    async list(userId) {
      const now = clock.now().getTime();
      const grants = (await store.listByAccount(AGENT_GRANT_KIND, userId)).filter(
        (g) => g.expiresAt === null || g.expiresAt.getTime() > now,
      );
      return Promise.all(
        grants.map(async (grant): Promise<AgentGrant> => {
          const clientId = String(grant.payload.clientId ?? '');
          const client = clientId === '' ? null : await store.find('Client', clientId);
          const name = client?.payload.client_name;
          const iat = grant.payload.iat;
          return {
            grantId: grant.id,
            clientId,
            clientName: typeof name === 'string' && name !== '' ? name : clientId,
            workspaceId: boundWorkspaceOf(grant.payload, userId),
            scopes: scopesOf(grant.payload),
            approvedAt: typeof iat === 'number' ? new Date(iat * 1000) : null,
            expiresAt: grant.expiresAt,
            lastUsedAt: grant.lastUsedAt,
          };
        }),
      );
    },
    async revoke(userId, grantId) {
      const grant = await store.find(AGENT_GRANT_KIND, grantId);
      if (grant === null || grant.payload.accountId !== userId) return false;
      await revokeAgentGrant(store, grantId);
      return true;
    },
    async endSignInSessions(userId) {
      // oidc-provider keeps the signed-in account of a browser session in `accountId`.
      for (const session of await store.listByAccount('Session', userId)) {
        await store.destroy('Session', session.id);
      }
    },
  };
}

// The scopes of a grant: those approved for each resource (the tool endpoint) and OpenID's.
function scopesOf(payload: Readonly<Record<string, unknown>>): string[] {
  const words = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string') for (const word of value.split(' ')) if (word !== '') words.add(word);
  };
  const resources = payload.resources;
  if (typeof resources === 'object' && resources !== null)
    for (const scope of Object.values(resources)) add(scope);
  const openid = payload.openid as { scope?: unknown } | undefined;
  add(openid?.scope);
  return [...words].sort();
}
