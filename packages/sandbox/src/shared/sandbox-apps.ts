import type { SandboxPlatform } from './sandbox-publication.js';

/** App credentials as a platform's developer dashboard hands them out. */
export type SandboxApp = { readonly clientId: string; readonly clientSecret: string };

/** The fixed app credentials the simulators accept; any other client id is refused like an unknown app. */
export const SANDBOX_APPS: Readonly<Record<SandboxPlatform, SandboxApp>> = {
  instagram: { clientId: 'sandbox-instagram-app', clientSecret: 'sandbox-instagram-secret' },
  threads: { clientId: 'sandbox-threads-app', clientSecret: 'sandbox-threads-secret' },
  facebook: { clientId: 'sandbox-facebook-app', clientSecret: 'sandbox-facebook-secret' },
  // TikTok calls its client id the client key.
  tiktok: { clientId: 'sandboxtiktokapp', clientSecret: 'sandbox-tiktok-secret' },
  youtube: {
    clientId: 'sandbox-youtube-app.apps.googleusercontent.com',
    clientSecret: 'GOCSPX-sandbox-youtube-secret',
  },
};
