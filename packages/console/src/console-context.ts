import type { IncomingMessage } from 'node:http';
import { type Actor, CONSOLE_CREDENTIAL_PREFIX, type CredentialActor } from '@svc/core';
import type { ConsoleDeps } from './console-deps.js';
import type { ConsoleReply } from './console-reply.js';
import type { ConsoleSession, ConsoleSessions, SignedSession } from './console-session.js';
import type { TimeFormat } from './time-format.js';

/** What a console route runs with. */
export type ConsoleContext = {
  readonly deps: ConsoleDeps;
  readonly sessions: ConsoleSessions;
  readonly req: IncomingMessage;
  readonly url: URL;
  readonly params: Readonly<Record<string, string>>;
  /** The posted form (POST routes), already checked against the session's anti-forgery token. */
  readonly form: URLSearchParams;
  /** The cookie's session token, when the request carried one. */
  readonly token: string | null;
};

/**
 * The context of a signed-in route: the session, the actor the use cases run as (in the session's
 * workspace), and the person's time format (their zone, read from their user on every request).
 */
export type SignedContext = ConsoleContext & {
  readonly session: SignedSession;
  readonly actor: Actor;
  readonly time: TimeFormat;
};

/** One page or form target of the console. */
export type ConsoleRoute =
  | {
      readonly method: 'GET' | 'POST';
      readonly path: string;
      readonly access: 'public';
      run(c: ConsoleContext): Promise<ConsoleReply>;
    }
  | {
      readonly method: 'GET' | 'POST';
      readonly path: string;
      readonly access: 'signed';
      /**
       * `upload`: a multipart form the route reads itself, checking the anti-forgery token before
       * it reads the file (the same route also takes a plain form); other posts are read and
       * checked before the route runs.
       */
      readonly body?: 'upload';
      run(c: SignedContext): Promise<ConsoleReply>;
    };

/**
 * What a signed-in person's session allows before its workspace is read: every scope over every
 * account (the console is the person's own app; keys are what limit others). In a workspace the
 * member's role and account limit then apply (`sessionActor`).
 */
export function consoleCredential(session: ConsoleSession): CredentialActor {
  return {
    user: session.user,
    credentialId: `${CONSOLE_CREDENTIAL_PREFIX}${session.id.slice(0, 12)}`,
    scopes: ['*'],
    accountIds: null,
  };
}
