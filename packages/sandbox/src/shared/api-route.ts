import type { SandboxPlatform } from './sandbox-publication.js';
import type { Route, RouteSpec, SandboxRequest } from './sandbox-router.js';

/**
 * One platform API endpoint: `methods` on `path`, seen by the intercept hook as `operation` (or
 * the name `operation` gives the request). Every simulator's route table is built of these, so a
 * call always carries its platform and operation the same way.
 */
export function apiRoute(
  platform: SandboxPlatform,
  methods: RouteSpec['methods'],
  path: string,
  operation: string | ((request: SandboxRequest) => string),
  run: Route['run'],
  options: { readonly rawBody?: boolean } = {},
): RouteSpec {
  const rawBody = options.rawBody === true ? { rawBody: true } : {};
  return { methods, path, route: { call: { platform, operation }, ...rawBody, run } };
}
