import net from 'node:net';

const LOOPBACK =
  /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4})$/i;

/** Whether a connect() target is a loopback IP literal; host names pass only with an injected lookup. */
export const loopbackOnly = (host: string, hasLookup: boolean): boolean =>
  net.isIP(host) === 0 ? host === 'localhost' || hasLookup : LOOPBACK.test(host);

/**
 * Makes any TCP connect() to a target the predicate refuses throw before a packet leaves. Tests
 * of the address checks run under it, so a regression fails the test instead of sending traffic
 * to 10.0.0.1 or 169.254.169.254. Every http(s) and tls connection goes through
 * net.Socket.prototype.connect. Returns the function that restores it.
 */
export function forbidOutsideConnections(allowed = loopbackOnly): () => void {
  const original = net.Socket.prototype.connect;
  const guarded = function (this: net.Socket, ...args: unknown[]) {
    // connect(options[, cb]), connect(port[, host][, cb]), connect(path[, cb]), or Node's own
    // pre-normalised [options, cb] array.
    const first = Array.isArray(args[0]) ? args[0][0] : args[0];
    let host: unknown = 'localhost';
    let ipc = false;
    let hasLookup = false;
    if (typeof first === 'object' && first !== null) {
      const options = first as { host?: unknown; port?: unknown; path?: unknown; lookup?: unknown };
      // http(s) request options carry the URL path in `path`; only a port-less one is a socket file.
      ipc = options.port === undefined && typeof options.path === 'string';
      host = options.host ?? 'localhost';
      hasLookup = typeof options.lookup === 'function';
    } else if (typeof first === 'string' && Number.isNaN(Number(first))) {
      ipc = true;
    } else if (typeof args[1] === 'string') {
      host = args[1];
    }
    if (!ipc && (typeof host !== 'string' || !allowed(host, hasLookup))) {
      throw new Error(`test tried to connect outside the machine: ${String(host)}`);
    }
    return (original as (...a: unknown[]) => net.Socket).apply(this, args);
  };
  net.Socket.prototype.connect = guarded as typeof original;
  return () => {
    net.Socket.prototype.connect = original;
  };
}
