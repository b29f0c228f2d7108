import type { SandboxContext } from './sandbox-context.js';
import type { RouteSpec } from './sandbox-router.js';

/** The TikTok Content Posting API simulator (platforms.md 2). */
export function tiktokRoutes(_ctx: SandboxContext): RouteSpec[] {
  return [];
}
