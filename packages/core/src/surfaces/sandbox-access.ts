import { type SvcError, svcError } from '../kernel/index.js';

/**
 * What a request under `/sandbox/` reaches: a simulated platform API (authenticated by the
 * platform's own tokens, as the real one is), a consent page (where a person grants an account),
 * a permalink or profile page, the visitor comment form of a permalink page, or the control API
 * that steers the simulators.
 */
export type SandboxSurface = 'platform_api' | 'consent' | 'page' | 'visitor_form' | 'control';

/** Who is asking, as far as the sandbox's gate can tell. */
export type SandboxVisitor = {
  /** The client is on the server's own machine: a loopback peer, not forwarded by a proxy. */
  readonly local: boolean;
  /** The operator exposed the sandbox to other addresses (SVC_SANDBOX_EXPOSE). */
  readonly exposed: boolean;
  /** The request carries the operator's sandbox token (SVC_SANDBOX_TOKEN). */
  readonly operator: boolean;
  /** The user of the console session the request carries; null when none. */
  readonly userId: string | null;
  /** On a consent page: the user who asked for the connection its `state` names; null when none is usable. */
  readonly requesterId: string | null;
};

/**
 * Whether a sandbox request may go on; null when it may, else the refusal. The simulators are for
 * trying the service on one's own machine, so by default only local clients reach them. Exposed
 * to other addresses, the platform APIs answer whoever holds their tokens, as real ones do, and
 * everything a person or a script could abuse needs a credential: the operator's token for the
 * control API, a console session for pages and forms, and for a consent page the session of the
 * person who asked for that connection (so nobody is handed a token for an account they did not ask for).
 */
export function decideSandboxAccess(surface: SandboxSurface, visitor: SandboxVisitor): SvcError | null {
  if (visitor.local) return null;
  if (!visitor.exposed) {
    return svcError(
      'sandbox_local_only',
      'The sandbox platforms answer only on the machine the server runs on. Open this page there (http://localhost), or ask the operator to set SVC_SANDBOX_EXPOSE=on.',
    );
  }
  if (surface === 'platform_api' || visitor.operator) return null;
  if (surface === 'control') {
    return svcError(
      'invalid_sandbox_token',
      'The sandbox control API needs Authorization: Bearer <SVC_SANDBOX_TOKEN> from other machines.',
    );
  }
  if (visitor.userId === null) {
    return svcError(
      'sandbox_sign_in_required',
      'Sign in to the console (/app) in this browser first, then open this page again.',
    );
  }
  if (surface === 'consent' && visitor.userId !== visitor.requesterId) {
    return svcError(
      'sandbox_not_requester',
      'This connection link was made for another person, or it expired or was used. Ask for a new connection link while signed in as yourself.',
    );
  }
  return null;
}

/**
 * Whether a peer address is this machine's loopback (127.0.0.0/8, ::1, or either IPv4-mapped).
 * A proxy on the same machine also connects from loopback, which is why a forwarded request is
 * never counted as local (see `SandboxVisitor.local`).
 */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.trim().toLowerCase();
  if (bare === '::1' || bare === '0:0:0:0:0:0:0:1') return true;
  const v4 = bare.startsWith('::ffff:') ? bare.slice('::ffff:'.length) : bare;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}
