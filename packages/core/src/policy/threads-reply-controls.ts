// Free of zod on purpose: the content policy imports it, and it runs in browsers too.

/**
 * Who may reply to a Threads post: the Threads API's `reply_control` values, as its reply
 * management documentation lists them (developers.facebook.com/docs/threads/reply-management).
 */
export const THREADS_REPLY_CONTROLS = [
  'everyone',
  'accounts_you_follow',
  'mentioned_only',
  'parent_post_author_only',
  'followers_only',
] as const;
