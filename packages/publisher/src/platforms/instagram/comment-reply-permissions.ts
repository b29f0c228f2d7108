import { userTokenCredentialsSchema } from '../meta/user-token-credentials.js';

/** What comment automations need besides publishing: reading and answering comments, messaging commenters. */
export const COMMENT_REPLY_PERMISSIONS = [
  'instagram_business_manage_comments',
  'instagram_business_manage_messages',
] as const;

/**
 * The comment-reply permissions the stored grant lacks. Accounts connected before permissions
 * were stored, and tokens whose answer named none, give an empty list: the platform's refusal
 * says so later, which is better than asking everyone to reconnect on a guess.
 */
export function missingCommentPermissions(stored: Readonly<Record<string, unknown>>): readonly string[] {
  const credentials = userTokenCredentialsSchema.safeParse(stored);
  const granted = credentials.success ? credentials.data.permissions : undefined;
  if (granted === undefined) return [];
  return COMMENT_REPLY_PERMISSIONS.filter((permission) => !granted.includes(permission));
}
