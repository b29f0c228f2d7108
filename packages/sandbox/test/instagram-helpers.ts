import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mintSandboxAccount } from '../src/index.js';
import { type Answer, type Harness, SECRET, send } from './sandbox-harness.js';

/** One request the test receiver got, with the exact bytes of its body. */
export type Received = { method: string; url: URL; headers: IncomingHttpHeaders; raw: Buffer };

/**
 * An app's webhook endpoint as a correct server writes it: echoes the challenge when the verify
 * token matches (403 otherwise) and answers events 200, unless told to misbehave.
 */
export type WebhookReceiver = {
  readonly url: string;
  readonly received: Received[];
  /** The events (POSTs) received so far. */
  events(): Received[];
  verifyToken: string;
  /** Answer the handshake 200 with something other than the challenge. */
  wrongChallenge: boolean;
  /** Answer this many next events 500. */
  failures: number;
  /** Close the connection without an answer on this many next events (a network error). */
  drops: number;
  /** Hold each event's answer this long. */
  delayMs: number;
  /** Back to a well-behaved receiver with nothing received. */
  clear(): void;
  close(): Promise<void>;
};

/** Starts a webhook receiver on a loopback port. */
export async function startWebhookReceiver(verifyToken: string): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://receiver.invalid');
    received.push({ method: req.method ?? 'GET', url, headers: req.headers, raw: Buffer.concat(chunks) });
    if (req.method === 'GET') {
      const query = url.searchParams;
      if (query.get('hub.mode') !== 'subscribe' || query.get('hub.verify_token') !== receiver.verifyToken) {
        res.writeHead(403).end('forbidden');
        return;
      }
      const challenge = query.get('hub.challenge') ?? '';
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(receiver.wrongChallenge ? `challenge=${challenge}` : challenge);
      return;
    }
    if (receiver.delayMs > 0) await new Promise((r) => setTimeout(r, receiver.delayMs));
    if (receiver.drops > 0) {
      receiver.drops -= 1;
      req.socket.destroy();
      return;
    }
    if (receiver.failures > 0) {
      receiver.failures -= 1;
      res.writeHead(500).end('busy');
      return;
    }
    res.writeHead(200).end('EVENT_RECEIVED');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/instagram`,
    received,
    events: () => received.filter((r) => r.method === 'POST'),
    verifyToken,
    wrongChallenge: false,
    failures: 0,
    drops: 0,
    delayMs: 0,
    clear() {
      received.length = 0;
      receiver.verifyToken = verifyToken;
      receiver.wrongChallenge = false;
      receiver.failures = 0;
      receiver.drops = 0;
      receiver.delayMs = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return receiver;
}

/** A connected Instagram account (token minted at the sandbox clock's time) with helpers. */
export type TestAccount = {
  readonly token: string;
  readonly userId: string;
  readonly handle: string;
  /** Publishes a JPEG (or a reel, moving the clock past its processing) and returns the media id. */
  publish(kind?: 'IMAGE' | 'REELS'): Promise<string>;
  /** `POST /{userId}/subscribed_apps?subscribed_fields=…`. */
  subscribe(fields?: string): Promise<Answer>;
  /** `POST /{userId|me}/messages` with the JSON body of a private reply. */
  privateReply(commentId: string, text: string, as?: string): Promise<Answer>;
  /** `POST /{commentId}/replies?message=…`. */
  reply(commentId: string, message: string): Promise<Answer>;
};

/** The Instagram Graph base of the harness. */
export const graphOf = (h: Harness) => `${h.hosts.instagram.graph}/v23.0`;

/** An account minted with `scopes` (default: every scope). */
export function instagramAccount(h: Harness, handle = 'bea_shop', scopes?: string): TestAccount {
  const minted = mintSandboxAccount({
    platform: 'instagram',
    handle,
    secret: SECRET,
    baseUrl: h.baseUrl,
    now: h.clock.now(),
    ...(scopes === undefined ? {} : { scopes }),
  });
  const token = String(minted.credentials.accessToken);
  const userId = minted.platformAccountId;
  const graph = graphOf(h);
  return {
    token,
    userId,
    handle,
    async publish(kind = 'IMAGE') {
      const params: Record<string, string> =
        kind === 'IMAGE'
          ? { image_url: h.media.jpeg, caption: 'A post', access_token: token }
          : { media_type: 'REELS', video_url: h.media.video, caption: 'A reel', access_token: token };
      const created = await h.post(`${graph}/${userId}/media`, params);
      if (kind === 'REELS') h.clock.advance(5_000);
      const published = await h.post(`${graph}/${userId}/media_publish`, {
        creation_id: created.body.id,
        access_token: token,
      });
      if (published.status !== 200)
        throw new Error(`publish answered ${published.status}: ${published.text}`);
      return published.body.id as string;
    },
    subscribe: (fields = 'comments,messages') =>
      h.post(`${graph}/${userId}/subscribed_apps?subscribed_fields=${fields}`, { access_token: token }),
    privateReply: (commentId, text, as = userId) =>
      send(`${graph}/${as}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ recipient: { comment_id: commentId }, message: { text } }),
      }),
    reply: (commentId, message) => h.post(`${graph}/${commentId}/replies`, { message, access_token: token }),
  };
}
