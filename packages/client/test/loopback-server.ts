import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** A request as the loopback server received it. */
export type Received = {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  at: number;
};

/** What the handler answers: status, headers, and a JSON body (or raw text). */
export type Answer = { status: number; headers?: Record<string, string>; json?: unknown; text?: string };

/**
 * A real HTTP server on 127.0.0.1 answering each request with `handler(request, index)`; every
 * request is recorded. Closed after the test.
 */
export function useLoopback(): (handler: (req: Received, index: number) => Answer) => Promise<{
  url: string;
  received: Received[];
}> {
  const open: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of open.splice(0)) await close();
  });
  return async (handler) => {
    const received: Received[] = [];
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const entry = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks),
          at: Date.now(),
        };
        received.push(entry);
        const answer = handler(entry, received.length - 1);
        const body = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.text ?? '');
        res
          .writeHead(answer.status, {
            ...(answer.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
            ...answer.headers,
          })
          .end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    open.push(() => new Promise((resolve) => server.close(() => resolve())));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
  };
}
