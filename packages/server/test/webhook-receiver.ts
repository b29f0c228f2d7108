import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One delivery as the receiver got it. */
export type Received = {
  readonly id: string;
  readonly type: string;
  readonly data: Record<string, any>;
  /** When the event happened (the body's timestamp), and when the request arrived. */
  readonly eventAt: number;
  readonly arrivedAt: number;
  readonly path: string;
  /** The request as it came, to replay it tampered. */
  readonly body: string;
  readonly headers: Record<string, string>;
};

/** How the receiver answers: 200, 503, never (holding the request open), or 200 after a delay. */
export type ReceiverMode =
  | { kind: 'ok' }
  | { kind: 'down' }
  | { kind: 'hang' }
  | { kind: 'slow'; ms: number };

/** A receiver as an integrator would write it: it verifies every delivery with `standardwebhooks`. */
export type WebhookReceiver = {
  readonly url: string;
  /** Verified deliveries, in arrival order (redeliveries included). */
  readonly received: Received[];
  /** Requests that failed verification (must stay zero). */
  readonly rejected: string[];
  /** Event types of the verified requests answered 503 in `down` mode. */
  readonly refused: string[];
  /** Requests held open in `hang` mode. */
  readonly hanging: number;
  setSecret(secret: string): void;
  setMode(mode: ReceiverMode, path?: string): void;
  /** Distinct webhook-ids of a type. */
  idsOf(type: string): Set<string>;
  waitFor(predicate: () => boolean, timeoutMs: number, what: string): Promise<void>;
  close(): Promise<void>;
};

/** Starts a receiver on 127.0.0.1; `mode` can differ per path (`/slow`, `/fast`). */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const secrets: string[] = [];
  const modes = new Map<string, ReceiverMode>();
  const received: Received[] = [];
  const rejected: string[] = [];
  const refused: string[] = [];
  const hung = new Set<ServerResponse>();
  type Payload = { type: string; timestamp: string; data: Record<string, any> };
  const verified = (body: string, headers: Record<string, string>): Payload | null => {
    for (const secret of secrets) {
      try {
        return new Webhook(secret).verify(body, headers) as Payload;
      } catch {
        // Try the next subscription's secret.
      }
    }
    return null;
  };
  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
    );
    const payload = verified(body, headers);
    if (payload === null) {
      rejected.push(headers['webhook-id'] ?? '(none)');
      res.writeHead(400).end('bad signature');
      return;
    }
    const path = req.url ?? '/';
    const mode = modes.get(path) ?? modes.get('*') ?? { kind: 'ok' };
    if (mode.kind === 'down') {
      refused.push(payload.type);
      res.writeHead(503, { 'retry-after': '1' }).end('down for maintenance');
      return;
    }
    if (mode.kind === 'hang') {
      hung.add(res);
      res.once('close', () => hung.delete(res));
      return;
    }
    const entry: Received = {
      id: headers['webhook-id'] ?? '',
      type: payload.type,
      data: payload.data,
      eventAt: Date.parse(payload.timestamp),
      arrivedAt: Date.now(),
      path,
      body,
      headers,
    };
    const answer = () => {
      received.push(entry);
      res.writeHead(200).end('thanks');
    };
    if (mode.kind === 'slow') setTimeout(answer, mode.ms);
    else answer();
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    rejected,
    refused,
    get hanging() {
      return hung.size;
    },
    setSecret: (secret) => {
      secrets.push(secret);
    },
    setMode(mode, path = '*') {
      modes.set(path, mode);
      // Requests held open are dropped: their sender sees a broken connection.
      if (mode.kind !== 'hang') for (const res of hung) res.destroy();
    },
    idsOf: (type) => new Set(received.filter((r) => r.type === type).map((r) => r.id)),
    async waitFor(predicate, timeoutMs, what) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close() {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
