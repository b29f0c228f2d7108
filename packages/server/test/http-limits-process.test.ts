import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess, svcInProcess, useDataDirs } from './support.js';

// Issue 30: slow bodies to unauthenticated routes stayed open for Node's default timeouts (five
// minutes for a whole request), with no cap on connections. Against `svc serve`, over raw sockets.

const dataDir = useDataDirs();
const running: ServerProcess[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of running.splice(0)) if (server.child.exitCode === null) await server.stop('SIGKILL');
});

/** What came back on a raw connection, and how long after the first byte was sent it closed. */
type Exchange = { status: number | null; text: string; closedAfterMs: number };

/**
 * Sends `head` (the request line and headers), then `body` in `pieces`, one every `everyMs`, and
 * waits until the server closes the connection (or `giveUpMs` passes: then closedAfterMs is
 * Infinity).
 */
function exchange(
  server: ServerProcess,
  head: string,
  body: Uint8Array,
  { pieces = 1, everyMs = 0, giveUpMs = 10_000 } = {},
): Promise<Exchange> {
  const { port, hostname } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    sockets.push(socket);
    const started = Date.now();
    let text = '';
    let timer: NodeJS.Timeout | undefined;
    const done = (closedAfterMs: number) => {
      clearTimeout(timer);
      clearTimeout(giveUp);
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve({ status: status === undefined ? null : Number(status), text, closedAfterMs });
    };
    const giveUp = setTimeout(() => done(Number.POSITIVE_INFINITY), giveUpMs);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => done(Date.now() - started));
    socket.write(head);
    const size = Math.ceil(body.length / pieces);
    let sent = 0;
    const next = () => {
      if (sent >= body.length || socket.destroyed) return;
      socket.write(body.subarray(sent, sent + size));
      sent += size;
      timer = setTimeout(next, everyMs);
    };
    next();
  });
}

const head = (method: string, path: string, headers: Record<string, string | number>) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

const JPEG = readFileSync(join(import.meta.dirname, '../../media/test/fixtures/image.jpg'));

/** A multipart body with the JPEG as the part `file`. */
function multipart(boundary: string): Uint8Array {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    JPEG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

async function serve(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ SVC_PUBLISHER: 'off', ...env });
  running.push(server);
  return server;
}

describe('svc serve: a body deadline on routes that take no upload', () => {
  it('answers 408 and closes a body trickled to an unauthenticated route once the deadline passes', async () => {
    const server = await serve({ SVC_DATA_DIR: dataDir(), SVC_BODY_TIMEOUT_MS: '1000' });
    const form = new TextEncoder().encode(`email=${'a'.repeat(40)}%40example.com&password=${'p'.repeat(40)}`);
    const json = new TextEncoder().encode(JSON.stringify({ padding: 'x'.repeat(80) }));
    // A route that reads the body first is cut with 408; one that refuses before reading (a REST
    // route without a key) answers at once, and the body nobody reads is cut at the deadline.
    const routes: [string, string, Uint8Array, number][] = [
      ['/app/sign-in', 'application/x-www-form-urlencoded', form, 408],
      ['/oauth/register', 'application/json', json, 408],
      ['/api/mcp', 'application/json', json, 408],
      ['/api/v1/posts', 'application/json', json, 401],
    ];
    const cut = await Promise.all(
      routes.map(([path, type, body]) =>
        // One byte every 200 ms: the whole body would take 16 s or more.
        exchange(
          server,
          head('POST', path, {
            'Content-Type': type,
            'Content-Length': body.length,
            Accept: 'application/json, text/event-stream',
          }),
          body,
          { pieces: body.length, everyMs: 200 },
        ),
      ),
    );
    for (const [i, answer] of cut.entries()) {
      const [path, , , status] = routes[i] ?? [];
      expect(answer.status, `${path}: ${answer.text}`).toBe(status);
      if (status === 408) {
        expect(answer.text, String(path)).toContain('"code":"request_timeout"');
        expect(answer.text.toLowerCase(), String(path)).toContain('connection: close');
      }
      expect(answer.closedAfterMs, String(path)).toBeGreaterThanOrEqual(950);
      expect(answer.closedAfterMs, String(path)).toBeLessThan(3000);
    }
    // The server is fine and still answers, and a cut is no fault of its own to log.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(server.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });

  it('lets a slow upload through with a key, and cuts the unread rest of a refused one', async () => {
    const env = { SVC_DATA_DIR: dataDir(), SVC_BODY_TIMEOUT_MS: '1000' };
    const cli = async (args: string[]) => {
      const run = await svcInProcess(args, env);
      expect(run.code, run.stderr).toBe(0);
      return run.json;
    };
    await cli(['migrate']);
    await cli(['users', 'create', '--email', 'slow@example.com', '--plan', 'paid']);
    const key = (await cli(['keys', 'create', '--email', 'slow@example.com', '--scopes', '*'])).key as string;
    const server = await serve(env);
    const body = multipart('svc-boundary');
    const upload = (authorization: Record<string, string>) =>
      // Twelve pieces, 250 ms apart: about 2.75 s, well past the 1 s deadline of other routes.
      exchange(
        server,
        head('POST', '/api/v1/media', {
          'Content-Type': 'multipart/form-data; boundary=svc-boundary',
          'Content-Length': body.length,
          ...authorization,
        }),
        body,
        { pieces: 12, everyMs: 250 },
      );
    // The accepted one asks to close after its answer, to tell when it is done; the refused one
    // keeps the connection, as a slow client would.
    const [accepted, refused] = await Promise.all([
      upload({ Authorization: `Bearer ${key}`, Connection: 'close' }),
      upload({}),
    ]);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.text).toContain('"mediaId"');
    expect(accepted.closedAfterMs).toBeGreaterThan(2500);
    // Without a key: answered 401 at once, then the body nobody reads gets the deadline.
    expect(refused.status, refused.text).toBe(401);
    expect(refused.closedAfterMs).toBeLessThan(2500);
  });
});

describe('svc serve: headers timeout and connection cap', () => {
  it('closes a connection that does not finish its headers in time', async () => {
    const server = await serve({ SVC_DATA_DIR: dataDir(), SVC_HEADERS_TIMEOUT_MS: '1000' });
    const partial = await exchange(
      server,
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      new Uint8Array(),
    );
    expect(partial.status).toBe(408);
    expect(partial.closedAfterMs).toBeGreaterThanOrEqual(950);
    expect(partial.closedAfterMs).toBeLessThan(2500);
  });

  it('refuses connections past the cap while the ones it holds keep working', async () => {
    const server = await serve({ SVC_DATA_DIR: dataDir(), SVC_MAX_CONNECTIONS: '3' });
    const { port, hostname } = new URL(server.url);
    /** A kept-alive connection and a way to send a request on it and read the status. */
    const open = async () => {
      const socket = connect(Number(port), hostname);
      sockets.push(socket);
      socket.on('error', () => undefined);
      let text = '';
      let closed = false;
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
      });
      socket.on('close', () => {
        closed = true;
      });
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const get = async (): Promise<number | 'closed'> => {
        text = '';
        socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        for (let waited = 0; waited < 5000; waited += 20) {
          const status = /^HTTP\/1\.1 (\d{3})[\s\S]*\r\n\r\n[\s\S]*\}/.exec(text)?.[1];
          if (status !== undefined) return Number(status);
          if (closed) return 'closed';
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return 'closed';
      };
      return { socket, get, isClosed: () => closed };
    };
    const held = [await open(), await open(), await open()];
    for (const connection of held) expect(await connection.get()).toBe(200);
    const extra = await open();
    expect(await extra.get()).toBe('closed');
    // The three it holds still work, and once one goes, a new connection is served.
    for (const connection of held) expect(await connection.get()).toBe(200);
    held[0]?.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await (await open()).get()).toBe(200);
  });
});
