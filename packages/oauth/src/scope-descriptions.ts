import type { SUPPORTED_SCOPES } from './create-provider.js';

/** A scope the server grants. */
type SupportedScope = (typeof SUPPORTED_SCOPES)[number];

/**
 * What each scope lets a client do, in the words the consent page uses. Keyed by the granted
 * scopes themselves, so a scope cannot be added without saying what it allows.
 */
export const SCOPE_DESCRIPTIONS: Readonly<Record<SupportedScope, string>> = {
  openid: 'Confirm that it is you who signed in.',
  profile: 'See the email address of your account.',
  'mcp:read':
    'Read your posts and their status, your connected accounts and profiles, posting options, approvals, your billing summary and who is in your workspace.',
  'mcp:write':
    'Everything reading allows, and draft, schedule, change and delete posts, add media, and ask for approval of posts, on your behalf.',
  offline_access:
    'Stay connected while you are away: it can renew its access without asking you again, until you revoke it.',
};

/** The description of a scope, or a plain notice for one we do not know. */
export function describeScope(scope: string): string {
  return Object.hasOwn(SCOPE_DESCRIPTIONS, scope)
    ? SCOPE_DESCRIPTIONS[scope as SupportedScope]
    : 'A permission this server does not describe.';
}
