/**
 * Where each simulated host lives, standing for www.instagram.com, api.instagram.com,
 * graph.instagram.com, threads.com, graph.threads.net, www.facebook.com, graph.facebook.com,
 * rupload.facebook.com, www.tiktok.com, open.tiktokapis.com,
 * accounts.google.com, oauth2.googleapis.com and www.googleapis.com. Adapters take these as their
 * base URLs.
 */
export type SandboxEndpoints = {
  readonly instagram: { readonly www: string; readonly api: string; readonly graph: string };
  readonly threads: { readonly www: string; readonly graph: string };
  readonly facebook: {
    readonly www: string;
    readonly graph: string;
    /** Only reached through the `upload_url` the reels API returns. */
    readonly rupload: string;
  };
  readonly tiktok: {
    readonly www: string;
    /** open.tiktokapis.com. */
    readonly api: string;
    /** Only reached through the `upload_url` that `video/init` returns. */
    readonly upload: string;
  };
  readonly youtube: {
    /** accounts.google.com (the consent page). */
    readonly accounts: string;
    /** oauth2.googleapis.com (the token endpoint). */
    readonly oauth2: string;
    /** www.googleapis.com (the Data API and its `/upload` paths). */
    readonly api: string;
  };
};

/** The Graph API version each simulator documents; any `v<major>.<minor>` is accepted. */
export const SANDBOX_API_VERSIONS = { instagram: 'v23.0', threads: 'v1.0', facebook: 'v23.0' } as const;

/** The sandbox's host map for a server whose public base is `baseUrl`. */
export function sandboxEndpoints(baseUrl: string): SandboxEndpoints {
  const sb = `${baseUrl.replace(/\/+$/, '')}/sandbox`;
  return {
    instagram: { www: `${sb}/instagram/www`, api: `${sb}/instagram/api`, graph: `${sb}/instagram/graph` },
    threads: { www: `${sb}/threads/www`, graph: `${sb}/threads/graph` },
    facebook: {
      www: `${sb}/facebook/www`,
      graph: `${sb}/facebook/graph`,
      rupload: `${sb}/facebook/rupload`,
    },
    tiktok: { www: `${sb}/tiktok/www`, api: `${sb}/tiktok/open-api`, upload: `${sb}/tiktok/upload` },
    youtube: {
      accounts: `${sb}/youtube/accounts`,
      oauth2: `${sb}/youtube/oauth2`,
      api: `${sb}/youtube/googleapis`,
    },
  };
}
