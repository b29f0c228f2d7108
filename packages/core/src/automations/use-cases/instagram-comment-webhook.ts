import { err, ok, type Result } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { readCommentWebhook } from '../comment-webhook.js';
import type { HmacVerifier } from '../ports/hmac-verifier.js';

/** How this server takes Meta's Instagram webhooks (its app's settings, platforms.md 1.6). */
export type InstagramWebhookSettings = {
  /**
   * The string entered as "Verify token" in the app dashboard; the handshake echoes Meta's
   * challenge only for it. Null: no handshake succeeds (deliveries are still checked and taken).
   */
  readonly verifyToken: string | null;
  /** The secret Meta signs deliveries with (the Instagram app secret, platforms.md 1.6). */
  readonly appSecret: string;
};

/** The query of Meta's verification handshake (`hub.mode`, `hub.verify_token`, `hub.challenge`). */
export type WebhookHandshake = Readonly<Record<'mode' | 'token' | 'challenge', unknown>>;

/** What a comment delivery brought: comments read, how many were new, and what was left aside. */
export type CommentWebhookReceipt = Readonly<
  Record<'received' | 'added' | 'ownComments' | 'ignored', number>
>;

/**
 * Answers Meta's verification handshake: the challenge to echo when it subscribes with this
 * server's verify token, else `invalid_verify_token`.
 */
export function answerWebhookHandshake(
  deps: { readonly hmac: HmacVerifier },
  settings: InstagramWebhookSettings,
  query: WebhookHandshake,
): Result<string, SvcError> {
  const expected = settings.verifyToken;
  if (
    query.mode !== 'subscribe' ||
    typeof query.token !== 'string' ||
    expected === null ||
    !deps.hmac.sameSecret(query.token, expected)
  ) {
    return err(
      svcError(
        'invalid_verify_token',
        'The verify token does not match this server’s INSTAGRAM_WEBHOOK_VERIFY_TOKEN.',
      ),
    );
  }
  return ok(typeof query.challenge === 'string' ? query.challenge : '');
}

/**
 * Takes a comment delivery: checks `X-Hub-Signature-256` over the raw bytes before anything is
 * parsed (`invalid_signature`), reads it (`invalid_json`), and writes its comments to the durable
 * inbox (each comment id once), so the reply worker does the rest and a crash after the answer
 * loses nothing.
 */
export async function receiveCommentWebhook(
  deps: Pick<CoreDeps, 'store' | 'clock'> & { readonly hmac: HmacVerifier },
  settings: InstagramWebhookSettings,
  delivery: { readonly raw: Uint8Array; readonly signature: string },
): Promise<Result<CommentWebhookReceipt, SvcError>> {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(delivery.signature.trim());
  if (match === null || !deps.hmac.signs(settings.appSecret, delivery.raw, match[1] as string)) {
    return err(
      svcError(
        'invalid_signature',
        'X-Hub-Signature-256 is missing or does not match the body signed with the app secret.',
      ),
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { ignoreBOM: true }).decode(delivery.raw));
  } catch {
    return err(svcError('invalid_json', 'The body is not JSON.'));
  }
  const read = readCommentWebhook(body, deps.clock.now());
  const added = read === null ? 0 : await deps.store.automations.recordComments(read.comments);
  // Recorded (committed): the repliers answer now rather than at their next poll.
  if (added > 0) deps.store.wakeups.notify('inbox');
  return ok({
    received: read?.comments.length ?? 0,
    added,
    ownComments: read?.ownComments ?? 0,
    ignored: read?.ignored ?? 0,
  });
}
