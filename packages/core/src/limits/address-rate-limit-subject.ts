/**
 * What a client address is counted as: an IPv4 address as it is (also when it arrives IPv4-mapped,
 * `::ffff:203.0.113.7`), an IPv6 address as its /64 network, since one subscriber usually holds a
 * whole /64 and could otherwise take a fresh allowance with every address in it. Anything that
 * does not read as an address (a proxy's odd `X-Forwarded-For`) is counted as it is.
 */
export function addressRateLimitSubject(address: string): string {
  const bare = address.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (!bare.includes(':')) return bare;
  const groups = ipv6Groups(bare);
  return groups === null ? bare : `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros; null when it is not one. */
function ipv6Groups(address: string): string[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const parts = (half: string | undefined) => (half === undefined || half === '' ? [] : half.split(':'));
  const head = parts(halves[0]);
  const tail = parts(halves[1]);
  // An embedded IPv4 tail (`64:ff9b::192.0.2.1`) fills the last two groups.
  const last = tail.length > 0 ? tail : head;
  if (last.at(-1)?.includes('.') === true) last.splice(-1, 1, '0', '0');
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || (halves.length === 2 && missing < 1)) return null;
  const groups = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => '0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => g.replace(/^0+(?=.)/, ''));
}
