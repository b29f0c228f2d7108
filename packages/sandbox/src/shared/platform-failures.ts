import { tiktokError } from '../tiktok/tiktok-error.js';
import { googleError } from '../youtube/google-error.js';
import { type SandboxHttpError, serviceUnavailable, unknownPath } from './graph-error.js';
import type { SandboxPlatform } from './sandbox-publication.js';

/** A transient server fault in the platform's own error shape (intercept hook, `#sandbox-transient`). */
export function transientFailure(platform: SandboxPlatform): SandboxHttpError {
  if (platform === 'tiktok') {
    return tiktokError(500, 'internal_error', 'Something went wrong. Please try again later.');
  }
  if (platform === 'youtube') return googleError(503, 'backendError', 'Backend Error', 'global');
  return serviceUnavailable();
}

/** 404 for a path no simulator serves, in the shape of the platform the path belongs to. */
export function unknownPathFailure(path: string): SandboxHttpError {
  if (path.startsWith('/sandbox/tiktok/')) return tiktokError(404, 'invalid_params', `Unknown path: ${path}`);
  if (path.startsWith('/sandbox/youtube/')) {
    return googleError(404, 'notFound', `The requested URL ${path} was not found on this server.`, 'global');
  }
  return unknownPath(path);
}
