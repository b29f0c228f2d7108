import {
  type AgentAccess,
  boundWorkspaceOf,
  CONSOLE_SESSION_KIND,
  type CoreDeps,
  type Membership,
  type OAuthStore,
  type SignInSessions,
  type User,
} from '@svc/core';
import { csrfTokensMatch } from '@svc/web';

/** A signed-in person's session: who, and the token every form must carry back. */
export type ConsoleSession = {
  readonly user: User;
  /** The session's anti-forgery token, a hidden field of every form. */
  readonly csrf: string;
  /** The stored record's id (a hash of the cookie's token). */
  readonly id: string;
  /**
   * The workspace the person chose with the switcher (their personal one until they switch); the
   * console acts there only while they are still a member (`sessionActor`, docs/console.md).
   */
  readonly workspaceId: string;
};

/**
 * A session as a signed-in page sees it: the person's workspaces (personal first) for the
 * switcher, and whether the session just left a workspace they are no longer a member of.
 */
export type SignedSession = ConsoleSession & {
  readonly workspaces: readonly Membership[];
  readonly leftWorkspace: boolean;
};

// The user is `accountId`, the payload field the OAuth store indexes, so a user's sessions can be
// listed (and ended on a password change, or moved out of a workspace they were removed from)
// without scanning every session. No `workspaceId` (sessions from before): the personal one.
type SessionRecord = {
  accountId: string;
  csrf: string;
  createdAt: number;
  seenAt: number;
  workspaceId?: string;
};

// Kept with the OAuth server's records (kind, id, JSON, expiry): any API server sharing the
// database honours the session, and expired ones go with the OAuth sweep.
const KIND = CONSOLE_SESSION_KIND;
// A session's last use is written at most this often, so reading pages costs no write.
const TOUCH_EVERY_MS = 5 * 60_000;

/** Sessions of the console, stored hashed so a database leak signs nobody in. */
export type ConsoleSessions = {
  /**
   * Opens a session for the user, ending the one of `previous` (the cookie's token before signing
   * in, if any): a fresh token at every sign-in, so a token planted beforehand is never promoted.
   * Answers the cookie's token (shown nowhere else).
   */
  open(user: User, previous: string | null): Promise<string>;
  /** The session a cookie token stands for, or null when unknown, expired or its user is gone. */
  read(token: string): Promise<ConsoleSession | null>;
  /** Ends the session of a cookie token. */
  close(token: string): Promise<void>;
  /**
   * Binds the session (its record id) to a workspace the caller checked is the person's
   * (`chooseWorkspace`); nothing happens when the session is gone.
   */
  bind(id: string, workspaceId: string): Promise<void>;
};

/** The console's sessions: idle for at most `idleMs`, alive for at most `maxMs`. */
export function createConsoleSessions(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'keyHasher'>,
  limits: { readonly idleMs: number; readonly maxMs: number },
): ConsoleSessions {
  const { store, clock, keyHasher } = deps;
  const expiry = (record: SessionRecord, now: number) =>
    new Date(Math.min(now + limits.idleMs, record.createdAt + limits.maxMs));
  const close = async (token: string): Promise<void> => {
    await store.oauth.destroy(KIND, keyHasher.hash(token));
  };
  return {
    async open(user, previous) {
      if (previous !== null) await close(previous);
      const token = deps.ids.secret();
      const now = clock.now().getTime();
      const record: SessionRecord = {
        accountId: user.id,
        csrf: deps.ids.secret(),
        createdAt: now,
        seenAt: now,
        workspaceId: user.id,
      };
      await store.oauth.upsert(KIND, keyHasher.hash(token), record, expiry(record, now));
      return token;
    },
    async read(token) {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
      const id = keyHasher.hash(token);
      const found = await store.oauth.find(KIND, id);
      const now = clock.now().getTime();
      if (found === null || found.expiresAt === null || found.expiresAt.getTime() <= now) return null;
      const record = found.payload as SessionRecord;
      // A session stored before sessions were listed by user could outlive a password change.
      if (typeof record.accountId !== 'string') return null;
      const user = await store.users.getUser(record.accountId);
      if (user === null) return null;
      if (now - record.seenAt >= TOUCH_EVERY_MS) {
        const touched = { ...record, seenAt: now };
        await store.oauth.upsert(KIND, id, touched, expiry(touched, now));
      }
      return { user, csrf: record.csrf, id, workspaceId: boundWorkspaceOf(record, user.id) };
    },
    close,
    async bind(id, workspaceId) {
      const found = await store.oauth.find(KIND, id);
      if (found === null || found.expiresAt === null) return;
      await store.oauth.upsert(KIND, id, { ...found.payload, workspaceId }, found.expiresAt);
    },
  };
}

/** Ends every console session of the user but the one with record id `keepId`; answers how many ended. */
async function endConsoleSessions(store: OAuthStore, userId: string, keepId: string | null): Promise<number> {
  const others = (await store.listByAccount(KIND, userId)).filter((r) => r.id !== keepId);
  for (const record of others) await store.destroy(KIND, record.id);
  return others.length;
}

/**
 * Every place a person is signed in from a browser: the console's sessions and, when given, the
 * authorization server's (whose cookie would let that browser approve a new agent without the
 * password). What a password change ends, from the console's account page and from the CLI alike.
 */
export function signInSessionsOf(store: OAuthStore, agents: AgentAccess | undefined): SignInSessions {
  return {
    async endOthers(userId, keepId) {
      await endConsoleSessions(store, userId, keepId);
      await agents?.endSignInSessions(userId);
    },
  };
}

/** Whether a form's anti-forgery token is the session's, compared in constant time. */
export function csrfMatches(session: ConsoleSession, given: string | undefined): boolean {
  return csrfTokensMatch(session.csrf, given);
}
