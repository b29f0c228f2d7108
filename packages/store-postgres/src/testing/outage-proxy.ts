import { createServer, type Server, Socket } from 'node:net';

/**
 * A TCP relay between the service and PostgreSQL that tests can cut, as a database restart or a
 * network failure would: `down()` closes every relayed connection and refuses new ones, `up()`
 * accepts them again on the same port. Other suites on the same server are not disturbed, which
 * restarting the shared PostgreSQL itself would do.
 */
export type OutageProxy = {
  /** `databaseUrl` with its host and port replaced by the relay's. */
  readonly url: (databaseUrl: string) => string;
  /** Connections relayed so far (new pooled connections show up here). */
  readonly connections: () => number;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
};

/** Starts the relay on a free loopback port in front of `target` (host:port of PostgreSQL). */
export async function startOutageProxy(target: { host: string; port: number }): Promise<OutageProxy> {
  const open = new Set<Socket>();
  let relayed = 0;
  const server: Server = createServer((client) => {
    relayed++;
    const upstream = new Socket();
    open.add(client).add(upstream);
    const forget = () => {
      open.delete(client);
      open.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', forget).on('close', forget);
    upstream.on('error', forget).on('close', forget);
    upstream.connect(target.port, target.host, () => {
      client.pipe(upstream).pipe(client);
    });
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as { port: number }).port;
  const down = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // A reset, not a polite close: what clients see when the server process dies.
    for (const socket of open) socket.resetAndDestroy();
    open.clear();
    await closed;
  };
  return {
    url(databaseUrl) {
      const parsed = new URL(databaseUrl);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    connections: () => relayed,
    down,
    up: () => listen(port),
    async close() {
      if (server.listening) await down();
    },
  };
}
