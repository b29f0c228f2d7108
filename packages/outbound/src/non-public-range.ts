import ipaddr from 'ipaddr.js';

/**
 * The name of the special-purpose range an IP address falls in (`loopback`, `private`, `linkLocal`,
 * `carrierGradeNat`, `uniqueLocal`, `6to4` …), or null when it is ordinary public unicast.
 */
export function nonPublicRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'invalid';
  let parsed = ipaddr.parse(address);
  // ::ffff:a.b.c.d reaches the IPv4 host a.b.c.d through a dual-stack socket, so it is as public
  // as that IPv4 address and nothing more (::ffff:127.0.0.1 is loopback).
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  // Everything ipaddr.js does not call `unicast` is refused: besides the obvious ranges this covers
  // reserved and documentation blocks, benchmarking, NAT64 (64:ff9b::/96), 6to4 and Teredo, whose
  // relays could tunnel to an address we would refuse if it were written plainly.
  const range = parsed.range();
  if (range !== 'unicast') return range;
  // IPv4-compatible ::a.b.c.d (deprecated by RFC 4291) passes as unicast in ipaddr.js, yet some
  // stacks still map it onto IPv4; no public host has one, so the whole ::/96 is refused.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) {
    return 'ipv4Compatible';
  }
  return null;
}
