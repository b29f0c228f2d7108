import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { generate } from 'selfsigned';

/** A handler of one path of a test server. */
export type Route = (request: IncomingMessage, response: ServerResponse) => void;

/** A test server on 127.0.0.1 and what it has seen. */
export type LoopbackServer = {
  readonly port: number;
  /** Requests received, in order: path and headers. */
  readonly requests: { path: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
};

/** A self-signed certificate for the names and loopback addresses the tests use. */
export type TestCertificate = { readonly key: string; readonly cert: string };

/** Makes a certificate at test time (EC P-256: fast), valid for the given names and 127.0.0.1. */
export async function makeCertificate(names: readonly string[]): Promise<TestCertificate> {
  const pems = await generate([{ name: 'commonName', value: names[0] ?? 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    notAfterDate: new Date(Date.now() + 24 * 3600 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: true },
      {
        name: 'subjectAltName',
        altNames: [
          ...names.map((value) => ({ type: 2 as const, value })),
          { type: 7 as const, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

/** Starts an HTTPS server (or plain HTTP without a certificate) on 127.0.0.1; unknown paths get 404. */
export async function startServer(
  routes: Record<string, Route>,
  certificate?: TestCertificate,
  host = '127.0.0.1',
): Promise<LoopbackServer> {
  const requests: LoopbackServer['requests'] = [];
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    requests.push({ path, headers: request.headers });
    const route =
      routes[path] ??
      Object.entries(routes).find(([p]) => p.endsWith('*') && path.startsWith(p.slice(0, -1)))?.[1];
    if (route) route(request, response);
    else response.writeHead(404).end('not found');
  };
  const server: Server = certificate ? createHttpsServer(certificate, handle) : createHttpServer(handle);
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
