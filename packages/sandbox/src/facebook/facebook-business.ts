import { graphTime, pageOf } from '../meta/graph-fields.js';
import { accountIdFor } from '../shared/account-ids.js';
import { authenticate } from '../shared/authenticate.js';
import { permissionDenied } from '../shared/graph-error.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';
import type { TokenPayload } from '../shared/signed-token.js';
import { holdsScope } from '../shared/token-scopes.js';

/** A Page a user reaches: their own (through /me/accounts) or a Business Manager's. */
export type ReachablePage = { readonly id: string; readonly name: string };

/** The Page a Facebook user token manages directly: one per consent, named by the handle. */
export function ownPageOf(token: TokenPayload): ReachablePage {
  return { id: accountIdFor('facebook', token.h), name: token.h };
}

/** The Page the user manages through a Business Manager, if the consent named one. */
export function businessPageOf(ctx: SandboxContext, token: TokenPayload): ReachablePage | null {
  const name = ctx.state.facebook.businessPages.get(token.uid);
  return name === undefined ? null : { id: accountIdFor('facebook', name), name };
}

/** The Business Manager of a user who has a business Page (its id derives from the user's). */
export function businessIdOf(token: TokenPayload): string {
  return accountIdFor('facebook-user', `${token.h} (business)`);
}

/** Every Page a user token can read: its own, and a Business Manager's. */
export function pagesOfUser(ctx: SandboxContext, token: TokenPayload): ReachablePage[] {
  const business = businessPageOf(ctx, token);
  return business === null ? [ownPageOf(token)] : [ownPageOf(token), business];
}

function userToken(ctx: SandboxContext, r: SandboxRequest): TokenPayload {
  const token = authenticate(ctx, r, 'facebook');
  if (token.k !== 'user')
    throw permissionDenied(200, 'A user access token is required to read Business Managers');
  // Business Manager edges need business_management, which Pages-only logins do not grant.
  if (!holdsScope(token, ['business_management'])) {
    throw permissionDenied(200, 'Requires business_management permission to manage the object');
  }
  return token;
}

/** `GET /me/businesses`: the Business Managers the user belongs to (none without a business Page). */
export function listBusinesses(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = userToken(ctx, r);
  if (r.params.id !== 'me' && r.params.id !== token.uid) {
    throw permissionDenied(200, `The access token cannot list the businesses of user ${r.params.id}`);
  }
  const items =
    businessPageOf(ctx, token) === null
      ? []
      : [{ id: businessIdOf(token), name: `${token.h} Business`, created_time: graphTime(nowOf(ctx)) }];
  return jsonReply(
    200,
    pageOf(items, (item) => item.id, r, ctx.baseUrl),
  );
}

/**
 * `GET /{business}/owned_pages` and `/client_pages`: the business Page is owned; the user's own
 * Page is also shared with the business as a client Page, so a lister must drop the duplicate.
 */
export function listBusinessPages(
  ctx: SandboxContext,
  r: SandboxRequest,
  edge: 'owned_pages' | 'client_pages',
  entry: (token: TokenPayload, page: ReachablePage) => Record<string, unknown>,
): Reply {
  const token = userToken(ctx, r);
  const business = businessPageOf(ctx, token);
  if (business === null || r.params.id !== businessIdOf(token)) {
    throw permissionDenied(200, `The user is not an admin of business ${r.params.id}`);
  }
  const page = edge === 'owned_pages' ? business : ownPageOf(token);
  return jsonReply(
    200,
    pageOf([entry(token, page)], (item) => String(item.id), r, ctx.baseUrl),
  );
}
