import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorWorkspaceId, useCase } from '../../identity/index.js';
import { PLATFORM_NAMES, type Platform, type SvcError, svcError } from '../../kernel/index.js';
import type { ConnectedAccount } from '../connected-account.js';
import { CONNECTION_REQUEST_LIFETIME_MS, type ConnectionRequest } from '../connection-request.js';
import type { AccountGateway } from '../ports/platform-gateway.js';
import { saveConnection } from './save-connection.js';

type ConnectDeps = Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'secretBox' | 'platforms'>;

/**
 * Creates a short-lived request to connect an account of `platform` (POST /api/v1/connections,
 * `account:write`). The caller turns its id into the `connectUrl` a person opens.
 */
export function createConnectionRequest(
  deps: ConnectDeps,
  actor: Actor,
  input: { readonly platform: Platform },
): ResultAsync<ConnectionRequest, SvcError> {
  return useCase(actor, 'account:write', async (): Promise<Result<ConnectionRequest, SvcError>> => {
    const gateway = gatewayFor(deps, input.platform);
    if (gateway.isErr()) return err(gateway.error);
    const now = deps.clock.now();
    const request: ConnectionRequest = {
      id: deps.ids.id('conn'),
      ownerId: actorWorkspaceId(actor),
      platform: input.platform,
      nonce: deps.ids.secret(),
      sealedCodeVerifier: deps.secretBox.seal(deps.ids.secret()),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CONNECTION_REQUEST_LIFETIME_MS),
      usedAt: null,
      accountIds: [],
    };
    await deps.store.connectionRequests.insertConnectionRequest(request);
    return ok(request);
  });
}

/**
 * Where the person who opened a connect link goes next: the platform's consent page, with our
 * `state` and PKCE challenge. Refuses requests that are unknown, expired or already used.
 */
export function startConnection(
  deps: ConnectDeps,
  input: { readonly requestId: string; readonly redirectUri: string },
): ResultAsync<{ readonly request: ConnectionRequest; readonly authorizeUrl: string }, SvcError> {
  return new ResultAsync(
    (async () => {
      const request = await usableRequest(deps, input.requestId);
      if (request.isErr()) return err(request.error);
      const gateway = gatewayFor(deps, request.value.platform);
      if (gateway.isErr()) return err(gateway.error);
      const authorizeUrl = gateway.value.authorizeUrl({
        state: stateOf(request.value),
        redirectUri: input.redirectUri,
        codeVerifier: deps.secretBox.open(request.value.sealedCodeVerifier),
      });
      return ok({ request: request.value, authorizeUrl });
    })(),
  );
}

/** What the platform's redirect to our callback carried. */
export type ConnectionCallback = {
  readonly state: string;
  readonly code: string | null;
  /** The platform's error parameter, when the person declined or the platform refused. */
  readonly error: string | null;
  readonly redirectUri: string;
};

/**
 * Finishes a connection: checks the `state` against the stored request (unknown, expired or
 * used requests are refused), spends the request once, exchanges the code and stores every
 * account it gave access to, tokens sealed. A reconnect updates the existing account.
 */
export function completeConnection(
  deps: ConnectDeps,
  callback: ConnectionCallback,
): ResultAsync<
  { readonly request: ConnectionRequest; readonly accounts: readonly ConnectedAccount[] },
  SvcError
> {
  return new ResultAsync(
    (async () => {
      const [requestId = '', nonce = ''] = callback.state.split('.');
      const request = await usableRequest(deps, requestId, nonce);
      if (request.isErr()) return err(request.error);
      const gateway = gatewayFor(deps, request.value.platform);
      if (gateway.isErr()) return err(gateway.error);
      if (!(await deps.store.connectionRequests.spendConnectionRequest(requestId, deps.clock.now()))) {
        return err(used());
      }
      const accounts = await exchangeAndSave(deps, gateway.value, request.value, callback);
      if (accounts.isErr()) return err(accounts.error);
      const ids = accounts.value.map((a) => a.id);
      await deps.store.connectionRequests.recordConnectedAccounts(requestId, ids);
      return ok({ request: { ...request.value, accountIds: ids }, accounts: accounts.value });
    })(),
  );
}

/**
 * The user who asked for the connection an OAuth `state` names, while that request can still be
 * used; null otherwise. The sandbox's consent page admits only that person when it is exposed.
 */
export async function connectionRequester(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  state: string,
): Promise<string | null> {
  const [requestId = '', nonce = ''] = state.split('.');
  const request = await usableRequest(deps, requestId, nonce);
  return request.isOk() ? request.value.ownerId : null;
}

async function exchangeAndSave(
  deps: ConnectDeps,
  gateway: AccountGateway,
  request: ConnectionRequest,
  callback: ConnectionCallback,
): Promise<Result<ConnectedAccount[], SvcError>> {
  const name = PLATFORM_NAMES[request.platform];
  if (callback.error !== null || callback.code === null) {
    return err(
      svcError('connection_refused', `${name} did not grant access (${callback.error ?? 'no code'}).`, {
        platformError: callback.error,
      }),
    );
  }
  const exchange = await gateway.exchangeCode({
    code: callback.code,
    redirectUri: callback.redirectUri,
    codeVerifier: deps.secretBox.open(request.sealedCodeVerifier),
  });
  if (
    exchange.kind === 'refused' &&
    exchange.missingScopes !== undefined &&
    exchange.missingScopes.length > 0
  ) {
    const missing = exchange.missingScopes;
    return err(
      svcError(
        'connection_missing_scopes',
        `${name} did not grant ${missing.join(', ')}, which the connection needs: start connecting again and allow every permission asked for.`,
        { platform: request.platform, missingScopes: [...missing] },
      ),
    );
  }
  if (exchange.kind === 'refused') {
    return err(svcError('connection_refused', `${name} refused the connection: ${exchange.reason}`));
  }
  if (exchange.profiles.length === 0) {
    return err(svcError('connection_refused', `${name} granted access to no account we can publish to.`));
  }
  const accounts: ConnectedAccount[] = [];
  for (const profile of exchange.profiles) {
    const saved = await saveConnection(deps, {
      ownerId: request.ownerId,
      platform: request.platform,
      ...profile,
    });
    if (saved.isErr()) return err(saved.error);
    accounts.push(saved.value);
  }
  return ok(accounts);
}

// With a nonce (a callback), a request whose nonce differs is reported as unknown before anything
// else, so a forged state learns nothing about the request.
async function usableRequest(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  id: string,
  nonce?: string,
): Promise<Result<ConnectionRequest, SvcError>> {
  const request = id === '' ? null : await deps.store.connectionRequests.getConnectionRequest(id);
  if (request === null) return err(notFound());
  if (nonce !== undefined && !sameSecret(request.nonce, nonce)) return err(notFound());
  if (request.usedAt !== null) return err(used());
  if (request.expiresAt.getTime() <= deps.clock.now().getTime()) {
    return err(
      svcError(
        'connection_request_expired',
        'This connection link has expired. Ask the app that sent it for a new one.',
        { expiresAt: request.expiresAt.toISOString() },
      ),
    );
  }
  return ok(request);
}

function gatewayFor(deps: ConnectDeps, platform: Platform): Result<AccountGateway, SvcError> {
  const gateway = deps.platforms[platform];
  return gateway === undefined
    ? err(
        svcError(
          'platform_unavailable',
          `${PLATFORM_NAMES[platform]} is not set up on this server. Configure its app credentials or turn on the sandbox.`,
          { platform },
        ),
      )
    : ok(gateway);
}

/** The OAuth `state` of a request: its id and its nonce, so the callback finds it in one read. */
function stateOf(request: ConnectionRequest): string {
  return `${request.id}.${request.nonce}`;
}

// Compares every character whatever the first mismatch, so timing does not reveal the nonce.
function sameSecret(expected: string, given: string): boolean {
  let diff = expected.length ^ given.length;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (given.charCodeAt(i) || 0);
  return diff === 0;
}

const notFound = () =>
  svcError('connection_request_not_found', 'This connection link is not valid. Ask for a new one.');
const used = () =>
  svcError(
    'connection_request_used',
    'This connection link was already used. Ask the app that sent it for a new one to connect again.',
  );
