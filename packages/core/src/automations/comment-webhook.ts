import { z } from 'zod';

/** A comment as Meta's webhook delivered it, waiting in the inbox to be answered. */
export type InboxComment = {
  /** Instagram's comment id: Meta redelivers, so the inbox keeps each id once. */
  readonly commentId: string;
  /** The Instagram professional account the comment was made on (the entry's id). */
  readonly igUserId: string;
  /** The Instagram media commented on. */
  readonly mediaId: string;
  /** The comment it answers, for a reply; null for a top-level comment. */
  readonly parentId: string | null;
  /** The commenter's Instagram-scoped id and username. */
  readonly fromId: string;
  readonly fromUsername: string | null;
  readonly text: string;
  /** When Meta says the change happened (the entry's `time`). */
  readonly commentedAt: Date;
  readonly receivedAt: Date;
};

const commentValue = z.object({
  id: z.string().min(1),
  text: z.string().default(''),
  parent_id: z.string().min(1).optional(),
  from: z.object({ id: z.string().min(1), username: z.string().optional() }),
  media: z.object({ id: z.string().min(1) }),
});
const change = z.object({ field: z.string(), value: z.unknown() });
const entry = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  time: z.number().optional(),
  changes: z.array(change).optional(),
  // The Business Login examples put one change in the entry itself (platforms.md 1.6).
  field: z.string().optional(),
  value: z.unknown().optional(),
});
const payload = z.object({ object: z.string(), entry: z.array(z.unknown()) });

/** What one delivery held: the comments to answer and how many were left out, by reason. */
export type CommentDelivery = {
  readonly comments: readonly InboxComment[];
  /** The account's own comments (its public replies among them): answering them would loop. */
  readonly ownComments: number;
  /** Entries or changes that are not comments (messages, mentions, live comments) or unreadable. */
  readonly ignored: number;
};

/**
 * Reads an Instagram webhook delivery (platforms.md 1.6) in both shapes Meta sends: changes under
 * `entry[].changes[]` and a single `field`/`value` in the entry. Anything that is not a readable
 * comment is ignored rather than refused: Meta would retry a refusal for hours and it would never
 * succeed. Null when the body is not an Instagram delivery at all.
 */
export function readCommentWebhook(body: unknown, receivedAt: Date): CommentDelivery | null {
  const read = payload.safeParse(body);
  if (!read.success || read.data.object !== 'instagram') return null;
  const comments: InboxComment[] = [];
  let ownComments = 0;
  let ignored = 0;
  for (const raw of read.data.entry) {
    const e = entry.safeParse(raw);
    if (!e.success) {
      ignored += 1;
      continue;
    }
    const changes =
      e.data.changes ?? (e.data.field === undefined ? [] : [{ field: e.data.field, value: e.data.value }]);
    for (const c of changes) {
      const value = c.field === 'comments' ? commentValue.safeParse(c.value) : null;
      if (value === null || !value.success) {
        ignored += 1;
        continue;
      }
      const v = value.data;
      if (v.from.id === e.data.id) {
        ownComments += 1;
        continue;
      }
      comments.push({
        commentId: v.id,
        igUserId: e.data.id,
        mediaId: v.media.id,
        parentId: v.parent_id ?? null,
        fromId: v.from.id,
        fromUsername: v.from.username ?? null,
        text: v.text,
        commentedAt: e.data.time === undefined ? receivedAt : new Date(e.data.time * 1000),
        receivedAt,
      });
    }
  }
  return { comments, ownComments, ignored };
}
