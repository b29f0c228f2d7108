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
  threads: { www: 'https://threads.net', graph: 'https://graph.threads.net' },
  facebook: {
    www: 'https://www.facebook.com',
    graph: 'https://graph.facebook.com',
    graphVideo: 'https://graph-video.facebook.com',
  },
} as const;
