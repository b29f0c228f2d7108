/**
 * Whether a host name or address (as in a URL or HOST) names this machine: `localhost` and its
 * subdomains, 127.0.0.0/8 and ::1. Such an address is reached only from this machine, which is
 * what makes plain http and open endpoints acceptable there.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return (
    bare === 'localhost' ||
    bare.endsWith('.localhost') ||
    bare === '::1' ||
    bare === '0:0:0:0:0:0:0:1' ||
    /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare)
  );
}
