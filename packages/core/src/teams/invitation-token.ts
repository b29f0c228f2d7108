/**
 * Invitation tokens look like `svc_inv_01JD…Z.<43 base64url chars>`: a fixed prefix to recognise
 * them, the invitation id for lookup, and a 256-bit secret of which only the hash is stored.
 */
const TOKEN_PATTERN = /^svc_(inv_[0-9A-HJKMNP-TV-Z]{26})\.([A-Za-z0-9_-]{43})$/;

/** The token shown once to the inviter. */
export function formatInvitationToken(id: string, secret: string): string {
  return `svc_${id}.${secret}`;
}

/** Splits a token into invitation id and secret; null when it is not shaped like one of ours. */
export function parseInvitationToken(token: string): { id: string; secret: string } | null {
  const match = TOKEN_PATTERN.exec(token.trim());
  if (match === null) return null;
  const [, id, secret] = match;
  return id !== undefined && secret !== undefined ? { id, secret } : null;
}

/** How long an invitation can be accepted: seven days. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
