import { AGENT_GRANT_KIND, boundWorkspaceOf, type OAuthStore } from '@svc/core';
import type Provider from 'oidc-provider';

type Grant = InstanceType<Provider['Grant']>;

/**
 * The grant a consent adds its scopes to: the one the authorization request already has when it
 * acts in the workspace chosen now, else a new one, so an approval never moves to another
 * workspace behind the person's back (each workspace's approval is its own on the Agents page);
 * a new one starts with the scopes of the request's grant, to which the consent adds.
 */
export async function grantForWorkspace(
  store: OAuthStore,
  provider: Provider,
  request: { readonly grantId?: string | undefined; readonly clientId: string },
  accountId: string,
  workspaceId: string,
): Promise<Grant> {
  const existing = request.grantId === undefined ? undefined : await provider.Grant.find(request.grantId);
  const grant = new provider.Grant({ accountId, clientId: request.clientId });
  if (existing?.jti === undefined) return grant;
  const record = await store.find(AGENT_GRANT_KIND, existing.jti);
  if (record !== null && boundWorkspaceOf(record.payload, accountId) === workspaceId) return existing;
  // The consent asks only for what the request's grant lacks; the new one needs that grant's too.
  const openid = existing.getOIDCScope();
  if (openid !== '') grant.addOIDCScope(openid);
  grant.addOIDCClaims(existing.getOIDCClaims());
  for (const indicator of Object.keys(existing.resources ?? {})) {
    grant.addResourceScope(indicator, existing.getResourceScope(indicator));
  }
  return grant;
}

/**
 * Binds a saved grant to the workspace chosen on the consent page (docs/agents.md). Written before
 * the authorization code is issued, so no token exists under a grant that is not yet bound; the
 * store adapter keeps the binding when oidc-provider saves the grant again.
 */
export async function bindGrantToWorkspace(
  store: OAuthStore,
  grantId: string,
  workspaceId: string,
): Promise<void> {
  const record = await store.find(AGENT_GRANT_KIND, grantId);
  if (record === null) throw new Error(`The grant ${grantId} was not saved.`);
  await store.upsert(AGENT_GRANT_KIND, grantId, { ...record.payload, workspaceId }, record.expiresAt);
}
