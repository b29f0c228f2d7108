import { SandboxHttpError } from '../shared/graph-error.js';
import type { PlatformFailureShapes } from '../shared/platform-failures.js';

// The canonical status names Google pairs with each HTTP status.
const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/**
 * A Google API error (platforms.md 3.4):
 * `{"error":{"code","message","errors":[{"message","domain","reason"}],"status"}}`.
 */
export function googleError(
  status: number,
  reason: string,
  message: string,
  domain = 'youtube.common',
): SandboxHttpError {
  return new SandboxHttpError(status, {
    error: {
      code: status,
      message,
      errors: [{ message, domain, reason }],
      status: STATUS_NAMES[status] ?? 'UNKNOWN',
    },
  });
}

/** An OAuth token endpoint refusal: `{"error":"invalid_grant","error_description":"…"}`. */
export function googleOAuthError(status: number, error: string, description: string): SandboxHttpError {
  return new SandboxHttpError(status, { error, error_description: description });
}

/** The router's transient fault and unknown-path 404 under `/sandbox/youtube/`, in Google's shape. */
export const GOOGLE_FAILURES: PlatformFailureShapes = {
  pathPrefix: '/sandbox/youtube/',
  transient: () => googleError(503, 'backendError', 'Backend Error', 'global'),
  unknownPath: (path) =>
    googleError(404, 'notFound', `The requested URL ${path} was not found on this server.`, 'global'),
};

/** Google's refusal of a call whose token lacks the scope the method needs. */
export function insufficientScopesError(): SandboxHttpError {
  return googleError(
    403,
    'insufficientPermissions',
    'Request had insufficient authentication scopes.',
    'global',
  );
}

/** A request body read as JSON, refused the way Google refuses a body that is not JSON. */
export function googleJsonBody(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw googleError(400, 'parseError', 'Parse Error', 'global');
  }
}
