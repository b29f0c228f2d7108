/** How many recovery codes a person gets at once; each signs in once. */
export const RECOVERY_CODE_COUNT = 10;

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/**
 * A recovery code made from a 256-bit secret (base64url): 16 characters of an alphabet without
 * look-alikes (no 0/o, 1/l/i), about 79 bits, shown as `abcd-efgh-jkmn-pqrs`. Long enough that
 * storing only its SHA-256 (like API keys) leaves nothing worth guessing offline.
 */
export function recoveryCodeFrom(secret: string): string {
  const chars: string[] = [];
  // 64 base64url values over 31 letters: skipping the top values keeps every letter equally likely.
  for (const char of secret) {
    const value = BASE64URL.indexOf(char);
    if (value < 0 || value >= 62) continue;
    chars.push(ALPHABET[value % 31] ?? 'a');
    if (chars.length === GROUPS * GROUP_LENGTH) break;
  }
  if (chars.length < GROUPS * GROUP_LENGTH) throw new Error('The secret is too short for a recovery code.');
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++)
    groups.push(chars.slice(g * GROUP_LENGTH, (g + 1) * GROUP_LENGTH).join(''));
  return groups.join('-');
}

/** A typed recovery code as stored: lower case, without spaces or dashes; null when it cannot be one. */
export function normalizeRecoveryCode(typed: string): string | null {
  const clean = typed.toLowerCase().replace(/[\s-]/g, '');
  if (clean.length !== GROUPS * GROUP_LENGTH || ![...clean].every((c) => ALPHABET.includes(c))) return null;
  return clean;
}
