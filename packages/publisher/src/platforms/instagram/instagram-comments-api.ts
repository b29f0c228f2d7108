import { z } from 'zod';

// Ids are strings on the wire; some Meta answers send numbers, read as strings too.
const id = z.union([z.string().min(1), z.number()]).transform(String);

/** `POST /{ig-user-id}/subscribed_apps?subscribed_fields=…` (platforms.md 1.6): `{success:true}`. */
export const subscribedAppsSchema = z.looseObject({ success: z.literal(true) });

/**
 * `POST /{ig-user-id}/messages` with a `recipient.comment_id` (a private reply, platforms.md 1.6):
 * `{recipient_id, message_id}`; the message id is the reply's.
 */
export const privateReplySentSchema = z
  .looseObject({ recipient_id: id.optional(), message_id: id })
  .transform((sent) => ({ replyId: sent.message_id }));

/** `POST /{ig-comment-id}/replies?message=…` (a public reply): `{id}` of the reply comment. */
export const publicReplyCreatedSchema = z
  .looseObject({ id })
  .transform((created) => ({ replyId: created.id }));

const replySchema = z.looseObject({
  id,
  // Who wrote the reply; Graph leaves `from` out where it may not show the author.
  from: z.looseObject({ id, username: z.string().optional() }).optional(),
  username: z.string().optional(),
});

/** One reply under a comment: its id, and its author's id and username as far as Graph shows them. */
export type CommentReply = z.output<typeof replySchema>;

/** `GET /{ig-comment-id}/replies?fields=id,from,username`: one page of the replies under a comment. */
export const commentRepliesSchema = z.looseObject({
  data: z.array(replySchema).default([]),
  paging: z.looseObject({}).optional(),
});

/** The fields asked for in `commentRepliesSchema`. */
export const COMMENT_REPLY_FIELDS = 'id,from,username';
