/** What each scope lets a client do, in the words the consent page uses. */
export const SCOPE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  openid: 'Confirm that it is you who signed in.',
  profile: 'See the email address of your account.',
  'mcp:read':
    'Read your posts and their status, your connected accounts and profiles, posting options, approvals and your billing summary.',
  'mcp:write':
    'Everything reading allows, and draft, schedule, change and delete posts, add media, and ask for approval of posts, on your behalf.',
  offline_access:
    'Stay connected while you are away: it can renew its access without asking you again, until you revoke it.',
};

/** The description of a scope, or a plain notice for one we do not know. */
export function describeScope(scope: string): string {
  return SCOPE_DESCRIPTIONS[scope] ?? 'A permission this server does not describe.';
}
