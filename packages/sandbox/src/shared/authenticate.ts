import { graphError, type SandboxHttpError } from './graph-error.js';
import { nowOf, type SandboxContext } from './sandbox-context.js';
import type { SandboxPlatform } from './sandbox-publication.js';
import type { SandboxRequest } from './sandbox-router.js';
import { readToken, type TokenPayload } from './signed-token.js';

// The wording Graph uses for the common 190 subcodes, so adapters that log messages see real ones.
const SUBCODE_MESSAGES: Readonly<Record<number, string>> = {
  458: 'The user has not authorized the application.',
  459: 'You cannot access the app till you log in and follow the instructions given.',
  460:
    'The session has been invalidated because the user changed their password or the platform has ' +
    'changed the session for security reasons.',
  464: 'Sessions for the user are not allowed because the user is not a confirmed user.',
  467: 'The access token is invalid.',
  492: 'The session is invalid because the user is no longer an admin of the Page.',
};

const invalidToken = (message: string): SandboxHttpError =>
  graphError(400, { code: 190, message: `Invalid OAuth access token - ${message}` });

/** Code 190 with `subcode` (463: expired; 460: password changed; …). */
export function refusedToken(subcode: number, expiredAt?: Date, now?: Date): SandboxHttpError {
  const detail =
    subcode === 463
      ? `Session has expired on ${(expiredAt ?? now ?? new Date(0)).toUTCString()}.` +
        (now === undefined ? '' : ` The current time is ${now.toUTCString()}.`)
      : (SUBCODE_MESSAGES[subcode] ?? 'The session is invalid.');
  return graphError(400, { code: 190, subcode, message: `Error validating access token: ${detail}` });
}

/** The token a call carries: `Authorization: Bearer|OAuth <token>`, else the `access_token` parameter. */
export function tokenOf(request: SandboxRequest): string | null {
  const header = request.headers.authorization?.trim();
  const match = header === undefined ? null : /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(header);
  if (match?.[1] !== undefined) return match[1];
  const param = request.input.get('access_token');
  return param === undefined || param === '' ? null : param;
}

/**
 * The payload of the call's token for `platform`, or the Graph error the platform answers: 190
 * when missing or not genuine, 190/463 when expired by the sandbox clock, 190 with the configured
 * subcode when a test expired or invalidated it.
 */
export function authenticate(
  ctx: SandboxContext,
  request: SandboxRequest,
  platform: SandboxPlatform,
  token: string | null = tokenOf(request),
): TokenPayload {
  if (token === null) {
    throw graphError(400, {
      code: 190,
      message: 'An active access token must be used to query this endpoint.',
    });
  }
  const payload = readToken(ctx.secret, token);
  if (payload === null || payload.p !== platform) throw invalidToken('Cannot parse access token');
  const denied = ctx.state.deniedTokens.get(token);
  if (denied !== undefined) throw refusedToken(denied, new Date(nowOf(ctx)), ctx.clock.now());
  const invalidation = ctx.state.invalidations.get(`${payload.p}:${payload.uid}`);
  if (invalidation !== undefined && (payload.g ?? 0) < invalidation.generation) {
    throw refusedToken(invalidation.subcode, new Date(nowOf(ctx)), ctx.clock.now());
  }
  if (payload.exp !== null && nowOf(ctx) >= payload.exp) {
    throw refusedToken(463, new Date(payload.exp), ctx.clock.now());
  }
  return payload;
}
