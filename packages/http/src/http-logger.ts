import { API_KEY_SCAN_PATTERN } from '@svc/core';
import type { SurfaceLogger } from '@svc/web';

/** The logging the HTTP layer needs; a pino logger fits it. */
export type HttpLogger = SurfaceLogger & {
  info(fields: Record<string, unknown>, message: string): void;
};

const BEARER_TOKEN = /(bearer\s+)\S+/gi;

/**
 * Removes anything that looks like a credential from text bound for a log: our API keys
 * wherever they appear, and whatever follows "Bearer".
 */
export function scrubSecrets(text: string): string {
  return text.replace(API_KEY_SCAN_PATTERN, '[redacted key]').replace(BEARER_TOKEN, '$1[redacted]');
}
