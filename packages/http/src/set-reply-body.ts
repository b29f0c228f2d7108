import type { Context } from 'koa';

const serialized = new WeakMap<object, string>();
/** What Koa writes for an object body (`ctx.type = 'json'` would look it up again each time). */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sets a reply's body. A frozen body (a view built once for a cached, unchanged row, handed out
 * again) is serialized once and answered from its JSON text, with the same `Content-Type` Koa
 * gives an object; any other body is left to Koa.
 */
export function setReplyBody(ctx: Context, body: unknown): void {
  if (typeof body !== 'object' || body === null || !Object.isFrozen(body)) {
    ctx.body = body;
    return;
  }
  let json = serialized.get(body);
  if (json === undefined) {
    json = JSON.stringify(body);
    serialized.set(body, json);
  }
  ctx.set('Content-Type', JSON_TYPE);
  ctx.body = json;
}
