import type { Server } from 'node:http';

/**
 * Starts `server` listening on `port` (on every interface when `host` is null); rejects with the
 * bind error (a port in use) instead of leaving it to an 'error' event nobody hears.
 */
export function listen(server: Server, port: number, host: string | null): Promise<void> {
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
