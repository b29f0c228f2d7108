/**
 * Where each simulated host lives, standing for www.instagram.com, api.instagram.com,
 * graph.instagram.com, threads.net, graph.threads.net, www.facebook.com, graph.facebook.com,
 * graph-video.facebook.com and rupload.facebook.com. Adapters take these as their base URLs.
 */
export type SandboxEndpoints = {
  readonly instagram: { readonly www: string; readonly api: string; readonly graph: string };
  readonly threads: { readonly www: string; readonly graph: string };
  readonly facebook: {
    readonly www: string;
    readonly graph: string;
    readonly graphVideo: string;
    /** Only reached through the `upload_url` the reels API returns. */
    readonly rupload: string;
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
      graphVideo: `${sb}/facebook/graph-video`,
      rupload: `${sb}/facebook/rupload`,
    },
  };
}
