import { type DoctorCheck, doctorCheck } from './doctor-check.js';

/** Where the master secret comes from, and the secret itself (never printed). */
export type MasterSecretSource =
  | { readonly kind: 'environment'; readonly secret: string }
  /**
   * The file generated into the data directory; `secret` null when not generated yet, or, with
   * `problem`, when it exists but cannot be read.
   */
  | {
      readonly kind: 'file';
      readonly path: string;
      readonly secret: string | null;
      readonly problem?: string;
    };

/** Fewest characters, as the configuration itself demands of SVC_SECRET. */
export const MIN_SECRET_LENGTH = 32;

/**
 * Fewest estimated bits. 16 random bytes written in hex (32 characters) come out at about 112,
 * `openssl rand -base64 32` at about 220; a word repeated to 32 characters at under 90.
 */
export const MIN_SECRET_BITS = 96;

const SET_SECRET = 'set SVC_SECRET to 32+ random bytes, e.g. `openssl rand -base64 32`';
const FIX = `${SET_SECRET} (changing it makes stored platform tokens unreadable: reconnect accounts afterwards)`;

/**
 * An estimate of a secret's strength in bits: its length times the Shannon entropy of its own
 * characters, or of the steps between neighbouring characters when that is lower. It cannot see
 * every weak secret, but it catches the usual ones without a word list: one character repeated,
 * a short word repeated (few characters), a run such as 1234… or abcd… (one step repeated).
 */
export function secretStrengthBits(secret: string): number {
  const points = [...secret].map((c) => c.codePointAt(0) ?? 0);
  const steps = points.slice(1).map((p, i) => p - (points[i] ?? 0));
  return Math.round(Math.min(entropyPerSymbol(points), entropyPerSymbol(steps)) * points.length);
}

function entropyPerSymbol(symbols: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const s of symbols) counts.set(s, (counts.get(s) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / symbols.length) * Math.log2(n / symbols.length);
  return bits;
}

/**
 * `master_secret`: present and strong. The secret itself never appears in the message. A secret
 * not generated yet passes, since the first start generates a strong one; but servers sharing a
 * PostgreSQL database each have their own data directory, so they need SVC_SECRET to agree.
 */
export function masterSecretCheck(source: MasterSecretSource, sharedDatabase: boolean): DoctorCheck {
  const file = source.kind === 'file' ? source.path : 'SVC_SECRET';
  const from = source.kind === 'file' ? `The master secret in ${file}` : file;
  if (source.kind === 'file' && source.problem !== undefined) {
    return doctorCheck(
      'master_secret',
      'fail',
      `${from} cannot be read (${source.problem}): give the service's user access to it, or ${FIX}.`,
    );
  }
  const secret = source.secret;
  if (secret === null) {
    return doctorCheck(
      'master_secret',
      sharedDatabase ? 'warn' : 'pass',
      sharedDatabase
        ? `No master secret yet: each server would generate its own into its data directory, and servers sharing the database must share one: ${SET_SECRET} on every server.`
        : `No master secret yet: the first start generates one into ${file}; keep that file in your backups.`,
    );
  }
  const length = [...secret].length;
  const bits = secretStrengthBits(secret);
  if (length < MIN_SECRET_LENGTH || bits < MIN_SECRET_BITS) {
    return doctorCheck(
      'master_secret',
      'fail',
      `${from} is weak (${length} characters, about ${bits} bits; at least ${MIN_SECRET_LENGTH} characters and ${MIN_SECRET_BITS} bits needed): ${FIX}.`,
    );
  }
  if (source.kind === 'file' && sharedDatabase) {
    return doctorCheck(
      'master_secret',
      'warn',
      `${from} is strong, but servers sharing the database must share one secret: copy it into SVC_SECRET on every server.`,
    );
  }
  return doctorCheck('master_secret', 'pass', `${from} is set and strong (about ${bits} bits).`);
}
