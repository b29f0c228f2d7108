import type { SvcError } from '@svc/core';
import { err, ok, type Result } from 'neverthrow';
import { z } from 'zod';

/** What a tool that takes `post_id` or `group_id` acts on. */
export type PostOrGroup =
  | { readonly kind: 'post'; readonly postId: string }
  | { readonly kind: 'group'; readonly groupId: string };

/** Exactly one of `post_id` and `group_id`: `validation_failed` for both or neither. */
export function oneTarget(args: {
  readonly post_id?: string | undefined;
  readonly group_id?: string | undefined;
}): Result<PostOrGroup, SvcError> {
  if (args.post_id !== undefined && args.group_id === undefined)
    return ok({ kind: 'post', postId: args.post_id });
  if (args.group_id !== undefined && args.post_id === undefined)
    return ok({ kind: 'group', groupId: args.group_id });
  return err({
    code: 'validation_failed',
    message: 'Give post_id to act on one post, or group_id to act on every post of its group, not both.',
    details: { issues: [{ field: 'post_id', message: 'Exactly one of post_id and group_id.' }] },
  });
}

/** A member a group action left as it is, and the refusal acting on it alone gets. */
export const skippedMemberSchema = z.object({
  postId: z.string(),
  platform: z.string().nullable(),
  code: z.string(),
  reason: z.string(),
});
