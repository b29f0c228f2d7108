/**
 * Where people see an account and a post. Each gateway defaults to the platform's own site; a
 * sandbox passes its simulated pages.
 */
export type PlatformLinks = {
  /** From the key the platform links an account by: the handle, the Page id or the channel id. */
  readonly profile: (account: string) => string;
  /** A published post's page, for platforms whose answer does not carry one (TikTok, YouTube). */
  readonly post?: (account: string, postId: string) => string;
};
