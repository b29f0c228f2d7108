import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Cost of new hashes: N = 2^15, r = 8, p = 1 (32 MiB, about 0.1 s), within the OWASP advice for
 * scrypt. Each hash records its own parameters, so raising them later keeps old hashes working.
 */
const COST = { ln: 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** Bounds on parameters read back, so a tampered row cannot make a sign-in eat the machine. */
const MAX_LN = 20;

const ENCODED = /^scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

function derive(
  password: string,
  salt: Buffer,
  ln: number,
  r: number,
  p: number,
  bytes: number,
): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** ln, r, p, maxmem: 256 * 2 ** ln * r * p };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, bytes, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The stored form of a password: `scrypt$ln=15,r=8,p=1$<salt>$<hash>` (base64url), salted at random. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST.ln, COST.r, COST.p, KEY_BYTES);
  return `scrypt$ln=${COST.ln},r=${COST.r},p=${COST.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Whether `password` matches a stored hash; false for anything that is not one of ours. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = ENCODED.exec(stored);
  if (match === null) return false;
  const [, ln, r, p, salt, hash] = match.map(String);
  const params = [Number(ln), Number(r), Number(p)] as const;
  if (
    params[0] < 1 ||
    params[0] > MAX_LN ||
    params[1] < 1 ||
    params[1] > 32 ||
    params[2] < 1 ||
    params[2] > 16
  ) {
    return false;
  }
  const expected = Buffer.from(hash ?? '', 'base64url');
  if (expected.length < 16) return false;
  const key = await derive(password, Buffer.from(salt ?? '', 'base64url'), ...params, expected.length);
  return timingSafeEqual(key, expected);
}

/** A hash of no one's password, verified when the user is unknown so timing does not tell. */
export const DECOY_PASSWORD_HASH = `scrypt$ln=${COST.ln},r=${COST.r},p=${COST.p}$${'A'.repeat(22)}$${'A'.repeat(43)}`;
