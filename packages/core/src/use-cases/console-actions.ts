import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { Actor } from '../domain/actor.js';
import type { ApiKey } from '../domain/api-key.js';
import { type SvcError, svcError } from '../domain/svc-error.js';
import type { CoreDeps } from './core-deps.js';
import type { CreatePostsDeps } from './create-posts.js';
import { type ApprovalDecided, decideApproval } from './decide-approval.js';
import { ownedPost } from './owned-post.js';
import { useCase } from './use-case.js';

/**
 * A person reviewing an approval request of their own post (the console's Approvals page): the
 * operator's decision, after checking the post is the actor's, so ids of other users' posts
 * reveal nothing.
 */
export function reviewApproval(
  deps: CreatePostsDeps,
  actor: Actor,
  input: { readonly postId: string; readonly approve: boolean; readonly note: string | null },
): ResultAsync<ApprovalDecided, SvcError> {
  return useCase(actor, 'post:write', async (): Promise<Result<ApprovalDecided, SvcError>> => {
    const post = await ownedPost(deps.store.posts, actor, input.postId);
    if (post.isErr()) return err(post.error);
    return decideApproval(deps, { id: post.value.id, approve: input.approve, note: input.note });
  });
}

/** Revokes one of the actor's own API keys; another user's key is `key_not_found`. */
export function revokeOwnApiKey(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  actor: Actor,
  keyId: string,
): ResultAsync<ApiKey, SvcError> {
  return useCase(actor, 'account:write', async (): Promise<Result<ApiKey, SvcError>> => {
    const owned = (await deps.store.apiKeys.listApiKeys(actor.user.id)).some((key) => key.id === keyId);
    const revoked = owned ? await deps.store.apiKeys.revokeApiKey(keyId, deps.clock.now()) : null;
    return revoked === null
      ? err(svcError('key_not_found', `No API key with the id ${keyId}.`))
      : ok(revoked);
  });
}
