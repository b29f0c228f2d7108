import type { Clock, FirstCommentAnswer, FirstCommentJob, FirstComments } from '@svc/core';
import { z } from 'zod';
import { classifyGraphFailure } from './classify-graph-failure.js';
import { nextPageCursor } from './graph-api.js';
import type { GraphClient, GraphParams } from './graph-client.js';
import { GraphRequestError } from './graph-failure.js';

const id = z.union([z.string().min(1), z.number()]).transform(String);

/** `POST /{object-id}/comments` answers `{id}` of the new comment (platforms.md 1 item 6, 5.3). */
export const commentCreatedSchema = z.looseObject({ id });

const commentSchema = z.looseObject({
  id,
  text: z.string().optional(),
  message: z.string().optional(),
  username: z.string().optional(),
  from: z.looseObject({ id: id.optional(), username: z.string().optional() }).optional(),
});

/** `GET /{object-id}/comments`: one page of top-level comments. */
export const commentListSchema = z.looseObject({
  data: z.array(commentSchema).default([]),
  paging: z.looseObject({}).optional(),
});

/** The token, the commenting account's ids, and the fields a comment's text is read from. */
export type GraphCommenter = {
  readonly accessToken: string;
  /** Ids the account's own comments carry in `from.id` (Page id; Instagram user id). */
  readonly ownIds: readonly string[];
  /** The account's handle, for Instagram, whose comments may carry a scoped id but the username. */
  readonly handle: string | null;
};

/** What a Meta platform's first comment is made with. */
export type GraphFirstCommentsSpec = {
  readonly graph: GraphClient;
  readonly base: string;
  readonly clock: Clock;
  readonly platformName: string;
  /** Instagram calls the text `text`, Facebook `message`. */
  readonly textField: 'text' | 'message';
  /** The account's token and ids from its stored credentials; null when they are unreadable. */
  readonly commenter: (job: FirstCommentJob) => GraphCommenter | null;
  /**
   * Sends the comment and answers its id; default `POST /{object-id}/comments` with `message`.
   * Threads replies with a post of its own instead (a container with `reply_to_id`, published).
   */
  readonly send?: (commenter: GraphCommenter, job: FirstCommentJob) => Promise<string>;
  /** The edge the post's comments are read from: `comments`, or Threads' `replies`. */
  readonly listEdge?: 'comments' | 'replies';
};

// Pages of comments read while looking for the account's own after a lost answer: the post is
// minutes old, so its own comment is on the first pages.
const MAX_PAGES = 10;

/**
 * A first comment through Graph: `POST /{object-id}/comments` with `message` (Instagram's
 * `/{ig-media-id}/comments?message=`, a Page's `/{object-id}/comments`), and, after a lost
 * answer, the account's comment with the same text read back from `GET /{object-id}/comments`.
 */
export function createGraphFirstComments(spec: GraphFirstCommentsSpec): FirstComments {
  const { graph, base, platformName } = spec;
  const unreadable = {
    kind: 'failed',
    reason: `The stored ${platformName} tokens of the account are unreadable; reconnect it.`,
  } as const;

  return {
    async post(job) {
      const commenter = spec.commenter(job);
      if (commenter === null) return unreadable;
      try {
        const send =
          spec.send ??
          (async () => {
            const created = await graph.post(commentCreatedSchema, `${base}/${job.targetId}/comments`, {
              message: job.text,
              access_token: commenter.accessToken,
            });
            return created.id;
          });
        return { kind: 'posted', commentId: await send(commenter, job) };
      } catch (error) {
        return answerOf(error, spec);
      }
    },
    async find(job) {
      const commenter = spec.commenter(job);
      if (commenter === null) return { kind: 'none' };
      const handle = commenter.handle?.toLowerCase() ?? null;
      const own = (c: z.output<typeof commentSchema>) =>
        (c.from?.id !== undefined && commenter.ownIds.includes(c.from.id)) ||
        (handle !== null && (c.from?.username ?? c.username)?.toLowerCase() === handle);
      try {
        let after: string | null = null;
        for (let page = 0; page < MAX_PAGES; page++) {
          const params: GraphParams = {
            fields: `id,${spec.textField},from${spec.textField === 'text' ? ',username' : ''}`,
            access_token: commenter.accessToken,
            ...(after === null ? {} : { after }),
          };
          const edge = spec.listEdge ?? 'comments';
          const listing = await graph.get(commentListSchema, `${base}/${job.targetId}/${edge}`, params);
          const found = listing.data.find((c) => (c.text ?? c.message) === job.text && own(c));
          if (found !== undefined) return { kind: 'found', commentId: found.id };
          after = nextPageCursor(listing);
          if (after === null) break;
        }
        return { kind: 'none' };
      } catch (error) {
        const answer = answerOf(error, spec);
        // A read that fails for good cannot tell: try again later rather than risk a second comment.
        return answer.kind === 'retry' ? answer : { kind: 'retry', afterMs: 30_000, reason: answer.reason };
      }
    },
  };
}

// Graph's refusal of a comment, in the first comment's terms: passing (rate limits, 5xx, an
// expired token the next publish refreshes) or for good, with Meta's words.
function answerOf(
  error: unknown,
  spec: GraphFirstCommentsSpec,
): Exclude<FirstCommentAnswer, { kind: 'posted' } | { kind: 'skipped' }> {
  if (!(error instanceof GraphRequestError)) {
    const detail = error instanceof Error ? error.name : 'unknown error';
    return { kind: 'retry', afterMs: 0, reason: `${spec.platformName} did not answer (${detail}).` };
  }
  const verdict = classifyGraphFailure(error.failure, {
    platformName: spec.platformName,
    now: spec.clock.now(),
    quotaRetryMs: 3_600_000,
  });
  const said = error.failure.error?.error_user_msg ?? error.failure.error?.message ?? error.failure.detail;
  switch (verdict.kind) {
    case 'retry':
    case 'publish_again':
      return { kind: 'retry', afterMs: verdict.afterMs, reason: verdict.reason };
    case 'defer':
      return {
        kind: 'retry',
        afterMs: Math.max(0, verdict.until.getTime() - spec.clock.now().getTime()),
        reason: verdict.reason,
      };
    case 'token_expired':
    case 'not_ready':
      return {
        kind: 'retry',
        afterMs: 0,
        reason: `${spec.platformName} refused the comment for now: ${said}`,
      };
    case 'failed':
    case 'needs_reconnect':
    case 'new_container':
      return { kind: 'failed', reason: `${spec.platformName} refused the first comment: ${said}` };
  }
}
