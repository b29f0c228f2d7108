import { createHash } from 'node:crypto';
import type { Clock, OAuthStore } from '@svc/core';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

/**
 * Models whose ids are only ever compared, never listed or shown: codes, tokens, sessions (the
 * session id is the cookie value), interactions. They are stored under the SHA-256 of the id, so a
 * copy of the database signs nobody in. Clients (public ids) and grants (named inside tokens)
 * keep theirs.
 */
const CLEAR_ID_KINDS = new Set(['Client', 'Grant']);

/** Marks a payload whose `jti` was the id, dropped before storing so the token never lands in a row. */
const JTI_IS_ID = 'jtiIsId';

/** Marks a client whose secret was dropped before storing; it is recomputed from the client id. */
const DERIVED_SECRET = 'clientSecretDerived';

/**
 * How long a registered client lives while no grant was ever made for it. Registration is open,
 * so a client nobody signed in to is deleted by the hourly sweep after this; one a person
 * approved loses its expiry when that grant is saved. A day covers any sign-in a registration
 * starts. Clients known by their metadata document URL are never stored, so never expire.
 */
export const UNUSED_CLIENT_LIFETIME_MS = 24 * 60 * 60_000;

/**
 * The oidc-provider Adapter over the OAuthStore port: one adapter per model name. Hashes ids and
 * drops secrets on the way in (see above), puts them back on the way out, and treats expired
 * records as absent, so the store needs no clock of its own. A registered client expires unused
 * (`UNUSED_CLIENT_LIFETIME_MS`) until a grant for it is saved.
 */
export function storeAdapterFactory(
  store: OAuthStore,
  clock: Clock,
  clientSecretFor: (clientId: string) => string,
): AdapterFactory {
  return (kind: string): Adapter => {
    const keyOf = (id: string) => (CLEAR_ID_KINDS.has(kind) ? id : sha256(id));
    const live = (record: Awaited<ReturnType<OAuthStore['find']>>, id: string | null) => {
      if (record === null) return undefined;
      if (record.expiresAt !== null && record.expiresAt.getTime() <= clock.now().getTime()) return undefined;
      const payload: Record<string, unknown> = { ...record.payload };
      if (payload[JTI_IS_ID] === true) {
        delete payload[JTI_IS_ID];
        // Lookups by uid or user code have no id to put back; they are for records whose jti stays.
        if (id !== null) payload.jti = id;
      }
      if (payload[DERIVED_SECRET] === true) {
        delete payload[DERIVED_SECRET];
        payload.client_secret = clientSecretFor(String(payload.client_id));
      }
      if (record.consumedAt !== null) payload.consumed = Math.floor(record.consumedAt.getTime() / 1000);
      return payload as AdapterPayload;
    };
    return {
      async upsert(id, payload, expiresIn) {
        const stored: Record<string, unknown> = { ...payload };
        if (stored.jti === id && !CLEAR_ID_KINDS.has(kind)) {
          delete stored.jti;
          stored[JTI_IS_ID] = true;
        }
        const session = stored.session as { cookie?: unknown } | undefined;
        if (kind === 'Interaction' && typeof session?.cookie === 'string') {
          // The session id an interaction copies is the sign-in cookie; oidc-provider never reads
          // it back, so only its hash is kept.
          stored.session = { ...session, cookie: `sha256:${sha256(session.cookie)}` };
        }
        if (kind === 'Client' && typeof stored.client_secret === 'string') {
          delete stored.client_secret;
          stored[DERIVED_SECRET] = true;
        }
        const now = clock.now();
        const expiresAt =
          typeof expiresIn === 'number' && expiresIn > 0
            ? new Date(now.getTime() + expiresIn * 1000)
            : kind === 'Client'
              ? await clientExpiry(store, id, now)
              : null;
        if (kind === 'Grant') await keepWorkspace(store, id, stored);
        await store.upsert(kind, keyOf(id), stored, expiresAt);
        if (kind === 'Grant' && typeof stored.clientId === 'string') {
          await keepClient(store, stored.clientId, now);
        }
      },
      async find(id) {
        return live(await store.find(kind, keyOf(id)), id);
      },
      async findByUid(uid) {
        const record = await store.findByUid(kind, uid);
        // The stored id is a hash; oidc-provider reads the record's own id from its jti.
        return live(record, null);
      },
      async findByUserCode(userCode) {
        return live(await store.findByUserCode(kind, userCode), null);
      },
      async consume(id) {
        await store.consume(kind, keyOf(id), clock.now());
      },
      async destroy(id) {
        await store.destroy(kind, keyOf(id));
      },
      async revokeByGrantId(grantId) {
        await store.revokeByGrantId(kind, grantId);
      },
    };
  };
}

/** A new client expires unused; one stored again keeps what it had (no expiry once used). */
async function clientExpiry(store: OAuthStore, clientId: string, now: Date): Promise<Date | null> {
  const existing = await store.find('Client', clientId);
  return existing !== null && existing.expiresAt === null
    ? null
    : new Date(now.getTime() + UNUSED_CLIENT_LIFETIME_MS);
}

/**
 * A grant was made for the client: it is in use, and stays. Read first, so that only a client's
 * first grant writes; an expired one stays expired (the sweep takes it).
 */
async function keepClient(store: OAuthStore, clientId: string, now: Date): Promise<void> {
  const client = await store.find('Client', clientId);
  if (client === null || client.expiresAt === null || client.expiresAt.getTime() <= now.getTime()) return;
  await store.upsert('Client', clientId, { ...client.payload }, null);
}

/**
 * oidc-provider saves a grant with only its own fields; the workspace the person chose for it
 * (docs/agents.md) is ours, so a grant saved again (more scopes approved) keeps it.
 */
async function keepWorkspace(
  store: OAuthStore,
  grantId: string,
  stored: Record<string, unknown>,
): Promise<void> {
  if (stored.workspaceId !== undefined) return;
  const existing = await store.find('Grant', grantId);
  if (existing !== null && typeof existing.payload.workspaceId === 'string') {
    stored.workspaceId = existing.payload.workspaceId;
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}
