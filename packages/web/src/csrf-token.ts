import { createHmac, timingSafeEqual } from 'node:crypto';

/** Whether a submitted anti-forgery token is the expected one, compared in constant time. */
export function csrfTokensMatch(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * An anti-forgery token bound to `subject` (an interaction, a session) under a secret key: derived,
 * so it needs no storage and a second process computes the same one.
 */
export function boundCsrfToken(key: Uint8Array, subject: string): string {
  return createHmac('sha256', key).update(subject).digest('base64url');
}
