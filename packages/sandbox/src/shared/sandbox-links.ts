import type { SandboxPlatform } from './sandbox-publication.js';

/**
 * Where people see a simulated account and post: the sandbox's own pages, standing for
 * instagram.com/<handle>, threads.net/@<handle>, facebook.com/<pageId>,
 * tiktok.com/@<username>/video/<id> and youtube.com/channel/<id> and /shorts/<id>.
 */
export type SandboxLinks = {
  /** From the key the platform links an account by: the handle, the Page id or the channel id. */
  readonly profile: (account: string) => string;
  /** A published post's page, for platforms whose answer does not carry one. */
  readonly post?: (account: string, postId: string) => string;
};

/** The sandbox's public pages for a server whose public base is `baseUrl`. */
export function sandboxLinks(baseUrl: string): Readonly<Record<SandboxPlatform, SandboxLinks>> {
  const page = (path: string) => `${baseUrl.replace(/\/+$/, '')}/sandbox/${path}`;
  const part = encodeURIComponent;
  return {
    instagram: { profile: (handle) => page(`instagram/${part(handle)}`) },
    threads: { profile: (handle) => page(`threads/@${part(handle)}`) },
    facebook: { profile: (pageId) => page(`facebook/${part(pageId)}`) },
    tiktok: {
      profile: (username) => page(`tiktok/@${part(username)}`),
      post: (username, id) => page(`tiktok/@${part(username)}/video/${part(id)}`),
    },
    youtube: {
      profile: (channelId) => page(`youtube/channel/${part(channelId)}`),
      post: (_channelId, videoId) => page(`youtube/shorts/${part(videoId)}`),
    },
  };
}
