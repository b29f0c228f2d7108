import { createServer, type Server, Socket } from 'node:net';

/**
 * A TCP relay between the service and PostgreSQL that tests can cut, as a database restart or a
 * network failure would: `down()` closes every relayed connection and refuses new ones, `up()`
 * accepts them again on the same port. Other suites on the same server are not disturbed, which
 * restarting the shared PostgreSQL itself would do.
 */
export type OutageProxy = {
  /** The database's connection string, through the relay. */
  readonly url: string;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
};

/** Starts the relay on a free loopback port in front of the server of `databaseUrl`. */
export async function startOutageProxy(databaseUrl: string): Promise<OutageProxy> {
  const target = new URL(databaseUrl);
  const targetPort = Number(target.port || 5432);
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
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
    upstream.connect(targetPort, target.hostname, () => {
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
  const relayed = new URL(databaseUrl);
  relayed.hostname = '127.0.0.1';
  relayed.port = String((server.address() as { port: number }).port);
  const down = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // A reset, not a polite close: what clients see when the server process dies.
    for (const socket of open) socket.resetAndDestroy();
    open.clear();
    await closed;
  };
  return {
    url: relayed.toString(),
    down,
    up: () => listen(Number(relayed.port)),
    async close() {
      if (server.listening) await down();
    },
  };
}
