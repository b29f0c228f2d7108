import type { Scope } from '../identity/index.js';

/**
 * What each key scope lets a key do, in a few words: complete by type, so a scope added to core's
 * list is offered on the key form with its words, or the build fails.
 */
export const SCOPE_WORDS: Readonly<Record<Scope, string>> = {
  '*': 'everything, on REST and the tool endpoint',
  'svc:*': 'everything on the tool endpoint',
  'post:write': 'schedule and publish posts',
  'post:read': 'read posts and analytics',
  'post:draft': 'save drafts (agents)',
  'approval:request': 'send drafts for your review (agents)',
  'account:read': 'list connected accounts',
  'account:write': 'connect accounts',
  'media:write': 'upload and import media',
  'automation:read': 'export automation templates',
  'automation:write': 'import automation templates',
  'webhook:read': 'list webhooks and their deliveries',
  'webhook:write': 'add, change and remove webhooks',
  'member:read': 'read the workspace, its members and invitations',
  'member:write': 'add, change and remove members, invite people',
};
