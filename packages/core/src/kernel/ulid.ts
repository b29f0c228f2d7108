const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Formats a ULID: 48 bits of milliseconds then 80 bits from `entropy` (10 bytes), in 26
 * Crockford base32 characters, so ids sort by creation time.
 */
export function formatUlid(timeMs: number, entropy: Uint8Array): string {
  if (entropy.length !== 10) throw new RangeError('A ULID needs exactly 10 bytes of entropy.');
  let time = '';
  let t = Math.max(0, Math.floor(timeMs));
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD.charAt(t % 32) + time;
    t = Math.floor(t / 32);
  }
  let bits = 0;
  let value = 0;
  let random = '';
  for (const byte of entropy) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      random += CROCKFORD.charAt((value >> bits) & 31);
    }
    value &= (1 << bits) - 1;
  }
  return time + random;
}
