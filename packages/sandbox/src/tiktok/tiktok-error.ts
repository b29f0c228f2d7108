import { randomBytes } from 'node:crypto';
import { SandboxHttpError } from '../shared/graph-error.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import type { PlatformFailureShapes } from '../shared/platform-failures.js';

/** A TikTok request id, as every answer carries in `error.log_id`. */
export function tiktokLogId(): string {
  return `2026${randomBytes(12).toString('hex').toUpperCase()}`;
}

/** A Content Posting API success: `{"data":{…},"error":{"code":"ok","message":"","log_id":"…"}}`. */
export function tiktokOk(data: Readonly<Record<string, unknown>>): Reply {
  return jsonReply(200, { data, error: { code: 'ok', message: '', log_id: tiktokLogId() } });
}

/**
 * A Content Posting API refusal in TikTok's envelope (platforms.md 2.4): the string `code`
 * (`access_token_invalid`, `rate_limit_exceeded`, `spam_risk_too_many_posts`…) with its HTTP status.
 */
export function tiktokError(status: number, code: string, message: string): SandboxHttpError {
  return new SandboxHttpError(status, {
    data: {},
    error: { code, message, log_id: tiktokLogId() },
  });
}

/** An OAuth endpoint refusal, in its flat shape: `{"error","error_description","log_id"}`. */
export function tiktokOAuthError(status: number, error: string, description: string): SandboxHttpError {
  return new SandboxHttpError(status, { error, error_description: description, log_id: tiktokLogId() });
}

/** The router's transient fault and unknown-path 404 under `/sandbox/tiktok/`, in TikTok's envelope. */
export const TIKTOK_FAILURES: PlatformFailureShapes = {
  pathPrefix: '/sandbox/tiktok/',
  transient: () => tiktokError(500, 'internal_error', 'Something went wrong. Please try again later.'),
  unknownPath: (path) => tiktokError(404, 'invalid_params', `Unknown path: ${path}`),
};
