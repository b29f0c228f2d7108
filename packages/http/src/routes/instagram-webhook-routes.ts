import { createHmac, timingSafeEqual } from 'node:crypto';
import { readCommentWebhook, svcError } from '@svc/core';
import { SvcFailure } from '@svc/web';
import type { Context } from 'koa';
import type { HttpDeps, InstagramWebhookSettings } from '../http-deps.js';
import type { HttpState } from '../http-state.js';
import { readRawBody } from '../read-raw-body.js';
import type { Route } from '../route-table.js';

type WebhookContext = Context & { state: HttpState };

/**
 * Meta batches at most a few hundred changes per delivery; a body this size is far beyond any of
 * them, and refusing it early keeps a flood from being buffered.
 */
export const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

/**
 * Meta's Instagram webhooks (platforms.md 1.6): the verification handshake, and comment
 * deliveries checked against `X-Hub-Signature-256` over the raw bytes before anything is parsed,
 * written to the durable inbox (each comment id once) and answered 200 at once; the reply worker
 * does the rest, so a crash after the 200 loses nothing. Absent when Instagram webhooks are not
 * configured.
 */
export function instagramWebhookRoutes(deps: HttpDeps): Route[] {
  const settings = deps.instagramWebhook;
  if (settings === undefined || settings === null) return [];

  const verify = async (ctx: WebhookContext) => {
    const mode = ctx.query['hub.mode'];
    const token = ctx.query['hub.verify_token'];
    const challenge = ctx.query['hub.challenge'];
    const expected = settings.verifyToken;
    if (
      mode !== 'subscribe' ||
      typeof token !== 'string' ||
      expected === null ||
      !sameText(token, expected)
    ) {
      throw new SvcFailure(
        svcError(
          'invalid_verify_token',
          'The verify token does not match this server’s INSTAGRAM_WEBHOOK_VERIFY_TOKEN.',
        ),
      );
    }
    ctx.type = 'text/plain';
    ctx.body = typeof challenge === 'string' ? challenge : '';
  };

  const receive = async (ctx: WebhookContext) => {
    const raw = await readRawBody(ctx.req, ctx.res, WEBHOOK_BODY_LIMIT_BYTES);
    if (!signedBy(settings, raw, ctx.get('X-Hub-Signature-256'))) {
      throw new SvcFailure(
        svcError(
          'invalid_signature',
          'X-Hub-Signature-256 is missing or does not match the body signed with the app secret.',
        ),
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new SvcFailure(svcError('invalid_json', 'The body is not JSON.'));
    }
    const delivery = readCommentWebhook(body, deps.core.clock.now());
    const added = delivery === null ? 0 : await deps.core.store.automations.recordComments(delivery.comments);
    ctx.body = {
      received: delivery?.comments.length ?? 0,
      added,
      ownComments: delivery?.ownComments ?? 0,
      ignored: delivery?.ignored ?? 0,
    };
  };

  return [
    { method: 'GET', path: '/webhooks/instagram', handlers: [verify] },
    { method: 'POST', path: '/webhooks/instagram', handlers: [receive] },
  ];
}

function signedBy(settings: InstagramWebhookSettings, raw: Buffer, header: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (match === null) return false;
  const expected = createHmac('sha256', settings.appSecret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(match[1] as string, 'hex'));
}

// Compares secrets in constant time (the lengths may differ: hash both first).
function sameText(given: string, expected: string): boolean {
  const digest = (text: string) => createHmac('sha256', 'verify-token').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
