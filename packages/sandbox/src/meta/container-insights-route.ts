import { apiRoute } from '../shared/api-route.js';
import { authenticate } from '../shared/authenticate.js';
import { permissionDenied, unknownObject } from '../shared/graph-error.js';
import type { Reply } from '../shared/http-io.js';
import { refuseThrottledMetrics } from '../shared/refuse-throttled-metrics.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import type { PublishedPost } from '../shared/sandbox-state.js';
import { holdsScope } from '../shared/token-scopes.js';
import { findPost } from './media-containers.js';

/**
 * `GET {base}/:id/insights` of Instagram or Threads: the token's own published post (else code
 * 100/33, as for any unknown id), a token holding one of `scopes` (else code 10), and metrics
 * calls not throttled by a test; `answer` then reads the metrics the platform's way.
 */
export function containerInsightsRoute(
  ctx: SandboxContext,
  base: string,
  platform: 'instagram' | 'threads',
  scopes: readonly string[],
  answer: (post: PublishedPost, r: SandboxRequest) => Reply,
): RouteSpec {
  const run = (r: SandboxRequest): Reply => {
    const token = authenticate(ctx, r, platform);
    refuseThrottledMetrics(ctx, platform);
    const id = r.params.id ?? '';
    const post = findPost(ctx, platform, id);
    if (post === undefined || post.record.accountId !== token.uid) throw unknownObject(id, r.method);
    if (!holdsScope(token, scopes)) {
      throw permissionDenied(10, 'Application does not have permission for this action');
    }
    return answer(post, r);
  };
  return apiRoute(platform, ['GET'], `${base}/:id/insights`, `${platform}.insights`, run);
}
