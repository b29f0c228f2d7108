import { formatApiKey } from '@svc/core';
import type { TestApp } from './test-app.js';

/** A key of `workspaceId` made by member `userId` (as a member's own key is), with every scope. */
export async function memberKey(app: TestApp, workspaceId: string, userId: string): Promise<string> {
  const id = app.core.ids.id('key');
  const secret = app.core.ids.secret();
  await app.store.apiKeys.insertApiKey({
    id,
    ownerId: workspaceId,
    createdBy: userId,
    name: null,
    secretHash: app.core.keyHasher.hash(secret),
    scopes: ['*'],
    accountIds: null,
    createdAt: app.clock.now(),
    expiresAt: null,
    revokedAt: null,
    lastUsedAt: null,
  });
  return formatApiKey(id, secret);
}
