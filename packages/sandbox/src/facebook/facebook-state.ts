/** The sandbox's default Facebook Login for Business configuration id (a numeric string, as Meta's). */
export const SANDBOX_FACEBOOK_CONFIG_ID = '100000000000001';

/** What that configuration grants: publishing to Pages, also those of a Business Manager. */
export const SANDBOX_FACEBOOK_CONFIG_PERMISSIONS: readonly string[] = [
  'pages_show_list',
  'pages_manage_posts',
  'pages_read_engagement',
  'business_management',
];

/** The Facebook simulator's own state: Business Manager Pages and Login for Business configurations. */
export type FacebookState = {
  /**
   * The Page a Facebook user manages only through a Business Manager, by user id: named on the
   * consent page, listed by `/{business}/owned_pages`, never by `/me/accounts`.
   */
  readonly businessPages: Map<string, string>;
  /** Facebook Login for Business configurations: id → the permissions they grant. */
  readonly configurations: Map<string, readonly string[]>;
  /** Comments by object: a post's `<pageId>_<postId>` or a reel's video id, oldest first. */
  readonly comments: Map<string, FacebookComment[]>;
};

/** A comment on a Page's post or reel, as `GET /{object-id}/comments` lists it. */
export type FacebookComment = {
  readonly id: string;
  readonly message: string;
  readonly from: { readonly id: string; readonly name: string };
  /** Milliseconds, by the sandbox clock. */
  readonly at: number;
};

/** The state of a fresh sandbox: one configuration, no Business Manager Pages. */
export function createFacebookState(): FacebookState {
  const state: FacebookState = { businessPages: new Map(), configurations: new Map(), comments: new Map() };
  resetFacebookState(state);
  return state;
}

/** Forgets the Business Manager Pages and restores the default configuration. */
export function resetFacebookState(state: FacebookState): void {
  state.businessPages.clear();
  state.configurations.clear();
  state.comments.clear();
  state.configurations.set(SANDBOX_FACEBOOK_CONFIG_ID, SANDBOX_FACEBOOK_CONFIG_PERMISSIONS);
}
