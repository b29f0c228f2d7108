import type { SandboxContext } from './sandbox-context.js';
import type { RouteSpec } from './sandbox-router.js';

/** The YouTube Data API simulator (platforms.md 3). */
export function youtubeRoutes(_ctx: SandboxContext): RouteSpec[] {
  return [];
}
