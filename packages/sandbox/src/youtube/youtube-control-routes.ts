import { jsonReply } from '../shared/http-io.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec } from '../shared/sandbox-router.js';
import { createYouTubeControl } from './youtube-control.js';

const PATH = '/sandbox/control/youtube/project';

/**
 * The YouTube part of the HTTP control API, for tests driving a sandbox in another process (the
 * in-process control does the same). Not API calls: no latency, no intercept hook.
 *
 * - `GET /sandbox/control/youtube/project` → `{audited, quotaUsed: {units, inserts}}`
 * - `POST /sandbox/control/youtube/project` `{audited: false}` models a Google Cloud project that
 *   has not passed the YouTube API audit (every upload is made private); `true` lifts it
 */
export function youtubeControlRoutes(ctx: SandboxContext): RouteSpec[] {
  const control = createYouTubeControl(ctx);
  const state = () =>
    jsonReply(200, {
      audited: ctx.state.youtube.audited,
      quotaUsed: { units: control.youtubeQuotaUsed(), inserts: control.youtubeInsertsUsed() },
    });
  return [
    { methods: ['GET'], path: PATH, route: { surface: 'control', run: state } },
    {
      methods: ['POST'],
      path: PATH,
      route: {
        surface: 'control',
        run: (r) => {
          const audited = r.input.get('audited')?.toLowerCase();
          if (audited !== 'true' && audited !== 'false') {
            return jsonReply(400, { error: { message: 'audited must be true or false' } });
          }
          control.setYouTubeProjectAudited(audited === 'true');
          return state();
        },
      },
    },
  ];
}
