import type { IncomingMessage, ServerResponse } from 'node:http';
import { decideSandboxAccess } from '@svc/core';
import { isLocalClient } from '@svc/web';
import { createSandboxContext, type SandboxOptions } from './create-sandbox-context.js';
import { facebookInsightsRoutes } from './facebook/facebook-insights.js';
import { facebookReelsRoutes } from './facebook/facebook-reels.js';
import { facebookRoutes } from './facebook/facebook-routes.js';
import { instagramRoutes } from './instagram/instagram-routes.js';
import { sandboxControlRoutes } from './instagram/sandbox-control-routes.js';
import { oauthTokenRoutes } from './meta/oauth-token-routes.js';
import { publicPageRoutes } from './public-pages.js';
import { createSandboxControl, type SandboxControl } from './sandbox-control.js';
import { consentRoutes } from './shared/consent-pages.js';
import { graphCallHooks } from './shared/graph-answers.js';
import { nowOf } from './shared/sandbox-context.js';
import { createDispatcher, type SandboxGate } from './shared/sandbox-router.js';
import { threadsRoutes } from './threads/threads-routes.js';
import { TIKTOK_FAILURES } from './tiktok/tiktok-error.js';
import { tiktokRoutes } from './tiktok/tiktok-routes.js';
import { GOOGLE_FAILURES } from './youtube/google-error.js';
import { youtubeRoutes } from './youtube/youtube-routes.js';

/** A running set of simulators, mountable in any Node HTTP server. */
export type Sandbox = {
  /**
   * Node request handler for every path under /sandbox/, the HTTP control API under
   * /sandbox/control/ included (answers 404 Graph-style JSON for unknown paths).
   */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** True when the path belongs to the sandbox (starts with /sandbox/). */
  owns(url: string): boolean;
  /** In-process control for tests. */
  readonly control: SandboxControl;
};

// Without a gate of the server's, the simulators answer only this machine.
const localOnlyGate: SandboxGate = async ({ surface, req }) => {
  const refused = decideSandboxAccess(surface, {
    local: isLocalClient(req, false),
    exposed: false,
    operator: false,
    userId: null,
    requesterId: null,
  });
  return refused === null ? null : { status: 403, code: refused.code, message: refused.message };
};

/** Creates the Instagram, Threads, Facebook Pages, TikTok and YouTube simulators sharing one in-memory state. */
export function createSandbox(options: SandboxOptions): Sandbox {
  if (options.secret === '') throw new Error('createSandbox: the secret must not be empty');
  const ctx = createSandboxContext(options);
  const dispatch = createDispatcher(
    [
      ...consentRoutes(ctx),
      ...oauthTokenRoutes(ctx),
      ...instagramRoutes(ctx),
      ...threadsRoutes(ctx),
      ...facebookRoutes(ctx),
      ...facebookReelsRoutes(ctx),
      ...facebookInsightsRoutes(ctx),
      ...tiktokRoutes(ctx),
      ...youtubeRoutes(ctx),
      ...publicPageRoutes(ctx),
      ...sandboxControlRoutes(ctx),
    ],
    ctx.state,
    options.gate ?? localOnlyGate,
    { tiktok: TIKTOK_FAILURES, youtube: GOOGLE_FAILURES },
    graphCallHooks({ injections: ctx.state.graphInjections, now: () => nowOf(ctx), secret: ctx.secret }),
  );
  return {
    handle(req, res) {
      dispatch(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    },
    owns(url) {
      const path = /^https?:\/\//i.test(url) ? new URL(url).pathname : (url.split(/[?#]/)[0] ?? '');
      return path === '/sandbox' || path.startsWith('/sandbox/');
    },
    control: createSandboxControl(ctx),
  };
}
