import type { Server } from 'node:http';

/**
 * Starts `server` listening on `port` (0: any free port), on `host` or on every address when it
 * is null; resolves once it listens, rejects with the listen error (a port in use) otherwise.
 */
export function listenOn(server: Server, port: number, host: string | null): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    const ready = () => {
      server.off('error', reject);
      resolve();
    };
    if (host === null) server.listen(port, ready);
    else server.listen(port, host, ready);
  });
}
