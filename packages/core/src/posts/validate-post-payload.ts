import {
  DEFAULT_POLICY_CONFIG,
  type PolicyConfig,
  type PolicyResult,
  validatePostPolicy,
} from '../policy/index.js';
import { parsePostRequest } from './post-request.js';

/**
 * Checks a post creation payload (the JSON body of POST /api/v1/posts) offline: it is parsed as
 * the API would parse it, then run through the policy. Media links are counted, not fetched, so
 * rules that need the bytes are skipped. A payload that does not parse gives one error.
 */
export function validatePostPayload(
  payload: unknown,
  config: PolicyConfig = DEFAULT_POLICY_CONFIG,
): PolicyResult {
  const request = parsePostRequest(payload, { requireScheduledTime: false });
  if (request.isErr()) {
    const { code, message, details } = request.error;
    const field = typeof details?.field === 'string' ? details.field : '';
    return { ok: false, errors: [{ code, message, severity: 'error', platform: null, field }], warnings: [] };
  }
  const { caption, title, platforms, media, platformMeta } = request.value;
  return validatePostPolicy(
    { caption, title, platforms, media: media.map(() => ({})), platformMeta },
    config,
  );
}
