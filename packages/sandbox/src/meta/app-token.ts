import { createHmac } from 'node:crypto';
import { SANDBOX_APPS } from '../shared/sandbox-apps.js';
import type { SandboxContext } from '../shared/sandbox-context.js';

/** The Meta platforms with app access tokens (`grant_type=client_credentials`). */
export type AppTokenPlatform = 'facebook' | 'threads';

// Facebook app tokens read `<app id>|<token>`; Threads' `TH|<app id>|<token>` (app-access-tokens doc).
const PREFIX: Readonly<Record<AppTokenPlatform, string>> = { facebook: '', threads: 'TH|' };

/** The app access token of the sandbox app, as `client_credentials` answers it; stable per sandbox. */
export function appAccessToken(ctx: SandboxContext, platform: AppTokenPlatform): string {
  const app = SANDBOX_APPS[platform];
  const mac = createHmac('sha256', ctx.secret).update(`app-token\n${platform}`).digest('base64url');
  return `${PREFIX[platform]}${app.clientId}|${mac.slice(0, 27)}`;
}

/** Whether a token is the app's own: its app token, or `<app id>|<app secret>`, which Graph also takes. */
export function isAppToken(ctx: SandboxContext, platform: AppTokenPlatform, token: string): boolean {
  const app = SANDBOX_APPS[platform];
  return (
    token === appAccessToken(ctx, platform) ||
    token === `${PREFIX[platform]}${app.clientId}|${app.clientSecret}`
  );
}
