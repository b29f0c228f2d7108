import { createHmac, randomInt } from 'node:crypto';
import { SANDBOX_APPS } from '../shared/sandbox-apps.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import type { InstagramWebhookConfig } from '../shared/sandbox-state.js';

/** How a verification handshake went: `status` is null when the callback could not be reached. */
export type WebhookVerification = { readonly verified: boolean; readonly status: number | null };

/** One event to POST to the app's callback. */
export type WebhookEvent = {
  readonly payload: unknown;
  /** The comment it is about, for the delivery log. */
  readonly commentId: string;
  /** Send it a second time once the first copy is through, as Meta sometimes does. */
  readonly duplicate: boolean;
};

// Meta gives up on a callback that does not answer within about 20 s; the sandbox waits less.
const REQUEST_TIMEOUT_MS = 10_000;
// Meta's crawler identifies itself so.
const USER_AGENT = 'facebookexternalua';

const keyOf = (webhook: InstagramWebhookConfig) => `${webhook.callbackUrl}\n${webhook.verifyToken}`;

/**
 * A body serialised as Meta's PHP encoder writes it: non-ASCII characters as `\uXXXX` and `/` as
 * `\/`. A receiver that checks the signature over a re-serialised body instead of the raw bytes
 * fails here as it would in production.
 */
export function metaJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replaceAll('/', '\\/');
}

/** The `X-Hub-Signature-256` and `X-Hub-Signature` header values of a body. */
export function webhookSignatures(body: string, appSecret: string): { sha256: string; sha1: string } {
  const hmac = (algorithm: 'sha256' | 'sha1') =>
    `${algorithm}=${createHmac(algorithm, appSecret).update(body, 'utf8').digest('hex')}`;
  return { sha256: hmac('sha256'), sha1: hmac('sha1') };
}

type Outcome = { status: number | null; text: string; error: string | null };

async function request(url: string, init: RequestInit): Promise<Outcome> {
  try {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { status: response.status, text: await response.text(), error: null };
  } catch (error) {
    const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
    const reason = cause?.code ?? (error instanceof Error ? error.message : String(error));
    return { status: null, text: '', error: reason };
  }
}

/**
 * The handshake Meta performs when a callback is saved: `GET callbackUrl?hub.mode=subscribe&
 * hub.challenge=<int>&hub.verify_token=<token>`, passed only by a 200 whose body is exactly the
 * challenge. A pass is remembered for the URL and token; the attempt is logged either way.
 */
export async function verifyInstagramWebhook(
  ctx: SandboxContext,
  webhook: InstagramWebhookConfig,
): Promise<WebhookVerification> {
  const ig = ctx.state.instagram;
  const epoch = ig.epoch;
  const challenge = String(randomInt(100_000_000, 2_147_483_647));
  const url = new URL(webhook.callbackUrl);
  url.searchParams.set('hub.mode', 'subscribe');
  url.searchParams.set('hub.challenge', challenge);
  url.searchParams.set('hub.verify_token', webhook.verifyToken);
  const outcome = await request(url.toString(), { headers: { 'user-agent': USER_AGENT } });
  const verified = outcome.status === 200 && outcome.text === challenge;
  if (epoch !== ig.epoch) return { verified, status: outcome.status };
  if (verified) ig.verified.add(keyOf(webhook));
  ig.attempts.push({
    kind: 'verification',
    url: url.toString(),
    status: outcome.status,
    body: challenge,
    attempt: 1,
    duplicate: false,
    commentId: null,
    error: verified ? null : (outcome.error ?? 'the answer was not a 200 echoing the challenge'),
    at: new Date(),
  });
  return { verified, status: outcome.status };
}

// Verifies a callback before its first delivery; concurrent deliveries share one handshake.
async function ensureVerified(ctx: SandboxContext, webhook: InstagramWebhookConfig): Promise<boolean> {
  const ig = ctx.state.instagram;
  const key = keyOf(webhook);
  if (ig.verified.has(key)) return true;
  const running = ig.verifying.get(key);
  if (running !== undefined) return running;
  const handshake = verifyInstagramWebhook(ctx, webhook).then((v) => v.verified);
  ig.verifying.set(key, handshake);
  try {
    return await handshake;
  } finally {
    if (ig.verifying.get(key) === handshake) ig.verifying.delete(key);
  }
}

// A retry wait in real time that a reset ends early.
function wait(ctx: SandboxContext, ms: number): Promise<void> {
  const { waits } = ctx.state.instagram;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waits.delete(timer);
      resolve();
    }, ms);
    timer.unref();
    waits.set(timer, resolve);
  });
}

// POSTs one copy of an event, retrying after each configured delay until a 200 comes back.
async function deliver(
  ctx: SandboxContext,
  webhook: InstagramWebhookConfig,
  event: WebhookEvent,
  body: string,
  duplicate: boolean,
  epoch: number,
): Promise<void> {
  const ig = ctx.state.instagram;
  const delays = [...ctx.state.settings.webhookRetryDelaysMs];
  const signatures = webhookSignatures(body, webhook.appSecret ?? SANDBOX_APPS.instagram.clientSecret);
  for (let attempt = 1; ; attempt++) {
    if (epoch !== ig.epoch) return;
    const outcome = await request(webhook.callbackUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'x-hub-signature-256': signatures.sha256,
        'x-hub-signature': signatures.sha1,
      },
      body,
    });
    if (epoch !== ig.epoch) return;
    ig.attempts.push({
      kind: 'event',
      url: webhook.callbackUrl,
      status: outcome.status,
      body,
      attempt,
      duplicate,
      commentId: event.commentId,
      error: outcome.error,
      at: new Date(),
    });
    if (outcome.status === 200) return;
    const delay = delays[attempt - 1];
    if (delay === undefined) return;
    await wait(ctx, delay);
  }
}

/**
 * Sends an event to the configured callback in the background (the request that caused it is
 * not held up): the handshake first if the callback was never verified (a failed one drops the
 * event), then the signed POST with retries, then the duplicate if asked for.
 */
export function queueInstagramWebhook(ctx: SandboxContext, event: WebhookEvent): void {
  const webhook = ctx.state.settings.instagramWebhook;
  if (webhook === null) return;
  const ig = ctx.state.instagram;
  const epoch = ig.epoch;
  const body = metaJson(event.payload);
  const run = async () => {
    if (!(await ensureVerified(ctx, webhook))) return;
    await deliver(ctx, webhook, event, body, false, epoch);
    if (event.duplicate) await deliver(ctx, webhook, event, body, true, epoch);
  };
  const task: Promise<void> = run()
    .catch(() => undefined)
    .finally(() => ig.pending.delete(task));
  ig.pending.add(task);
}

/** Resolves once every delivery has finished, including those queued while waiting. */
export async function instagramWebhooksIdle(ctx: SandboxContext): Promise<void> {
  const { pending } = ctx.state.instagram;
  while (pending.size > 0) await Promise.all([...pending]);
}
