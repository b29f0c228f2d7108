/** RFC 6238's defaults, which every authenticator app shares: 30-second steps, 6 digits, HMAC-SHA-1. */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that still count, for clocks a little apart (RFC 6238 section 5.2). */
export const TOTP_DRIFT_STEPS = 1;

/** HMAC-SHA-1 of `message` under `key` (a port: the core does no cryptography itself). */
export type HmacSha1 = (key: Uint8Array, message: Uint8Array) => Uint8Array;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, the form otpauth:// URIs and authenticator apps take. */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? out + BASE32[(buffer << (5 - bits)) & 31] : out;
}

/** Decodes base32 (case, spaces and padding ignored); throws on any other character. */
export function base32Decode(text: string): Uint8Array {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error('Not a base32 string.');
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

/** The HOTP value of a counter (RFC 4226 section 5.3: dynamic truncation), zero-padded. */
export function hotp(hmac: HmacSha1, key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(counter));
  const mac = hmac(key, message);
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary =
    (((mac[offset] ?? 0) & 0x7f) << 24) |
    ((mac[offset + 1] ?? 0) << 16) |
    ((mac[offset + 2] ?? 0) << 8) |
    (mac[offset + 3] ?? 0);
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The TOTP time step a moment falls in (RFC 6238: T = floor(unix seconds / 30)). */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);
}

/**
 * The step within ±`TOTP_DRIFT_STEPS` of `at` whose code is `code`, or null. Every candidate is
 * computed and compared, so the time taken does not tell which step matched.
 */
export function matchingTotpStep(hmac: HmacSha1, key: Uint8Array, code: string, at: Date): number | null {
  const now = totpStep(at);
  let found: number | null = null;
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step++) {
    if (sameDigits(hotp(hmac, key, step), code) && found === null) found = step;
  }
  return found;
}

function sameDigits(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The `otpauth://totp/…` URI authenticator apps scan (Google Authenticator's key URI format). */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
