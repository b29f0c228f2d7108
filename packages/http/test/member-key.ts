import { createApiKey } from '@svc/core';
import type { TestApp } from './test-app.js';

/** A full-scope key of workspace `workspaceId` for member `userId`, as `svc keys create --workspace` makes it. */
export async function memberKey(app: TestApp, workspaceId: string, userId: string): Promise<string> {
  const user = await app.store.users.getUser(userId);
  if (user === null) throw new Error(`no user ${userId}`);
  const created = await createApiKey(app.core, {
    email: user.email,
    workspaceId,
    scopes: ['*'],
    accountIds: null,
    name: null,
    expiresInDays: null,
  });
  return created._unsafeUnwrap().key;
}
