/**
 * The real base URLs of the three Meta platforms. The sandbox and tests pass their own, which may
 * carry a path, so adapters join paths onto them as strings.
 */
export const META_DEFAULT_HOSTS = {
  instagram: {
    www: 'https://www.instagram.com',
    api: 'https://api.instagram.com',
    graph: 'https://graph.instagram.com',
  },
  // The consent page moved to threads.com (get-access-tokens, Aug 2026); the Graph host answers
  // on both graph.threads.net and graph.threads.com.
  threads: { www: 'https://threads.com', graph: 'https://graph.threads.net' },
  // graph-video.facebook.com is deprecated (Video API overview); reels go through graph.facebook.com.
  facebook: { www: 'https://www.facebook.com', graph: 'https://graph.facebook.com' },
} as const;
