import { answerWebhookHandshake, receiveCommentWebhook } from '@svc/core';
import { hmacSha256Verifier } from '@svc/core/node';
import { SvcFailure } from '@svc/web';
import type { Context } from 'koa';
import type { HttpDeps } from '../http-deps.js';
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
 * Meta's Instagram webhooks (platforms.md 1.6): the verification handshake and comment deliveries,
 * both decided by core (`answerWebhookHandshake`, `receiveCommentWebhook`), answered 200 at once.
 * Absent when Instagram webhooks are not configured.
 */
export function instagramWebhookRoutes(deps: HttpDeps): Route[] {
  const settings = deps.instagramWebhook;
  if (settings === undefined || settings === null) return [];
  const core = { store: deps.core.store, clock: deps.core.clock, hmac: hmacSha256Verifier };

  const verify = async (ctx: WebhookContext) => {
    const challenge = answerWebhookHandshake(core, settings, {
      mode: ctx.query['hub.mode'],
      token: ctx.query['hub.verify_token'],
      challenge: ctx.query['hub.challenge'],
    });
    if (challenge.isErr()) throw new SvcFailure(challenge.error);
    ctx.type = 'text/plain';
    ctx.body = challenge.value;
  };

  const receive = async (ctx: WebhookContext) => {
    const raw = await readRawBody(ctx.req, ctx.res, WEBHOOK_BODY_LIMIT_BYTES);
    const receipt = await receiveCommentWebhook(core, settings, {
      raw,
      signature: ctx.get('X-Hub-Signature-256'),
    });
    if (receipt.isErr()) throw new SvcFailure(receipt.error);
    ctx.body = receipt.value;
  };

  return [
    { method: 'GET', path: '/webhooks/instagram', handlers: [verify] },
    { method: 'POST', path: '/webhooks/instagram', handlers: [receive] },
  ];
}
