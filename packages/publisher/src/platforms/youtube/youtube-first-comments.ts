import type { Clock, FirstCommentAnswer, FirstComments } from '@svc/core';
import { z } from 'zod';
import { retryAnswerOf } from '../shared/retry-answer-of.js';
import { classifyGoogleFailure } from './classify-google-failure.js';
import type { GoogleClient } from './google-client.js';
import { GoogleRequestError } from './google-failure.js';
import { youtubeCredentialsSchema } from './youtube-credentials.js';
import { youtubeData } from './youtube-data.js';

/** The scope `commentThreads.insert` needs (YouTube Data API reference). */
export const COMMENT_SCOPE = 'https://www.googleapis.com/auth/youtube.force-ssl';

const SKIPPED = {
  kind: 'skipped',
  reason:
    'The YouTube account was not granted the youtube.force-ssl permission comments need: add that scope to the YouTube app settings, then reconnect the account.',
} as const;

const threadSchema = z.looseObject({
  id: z.string().min(1),
  snippet: z
    .looseObject({
      topLevelComment: z
        .looseObject({
          id: z.string().min(1).optional(),
          snippet: z
            .looseObject({
              textOriginal: z.string().optional(),
              authorChannelId: z.looseObject({ value: z.string().optional() }).optional(),
            })
            .optional(),
        })
        .optional(),
    })
    .optional(),
});

/** `commentThreads.list` answers one page of threads. */
const threadListSchema = z.looseObject({
  items: z.array(threadSchema).default([]),
  nextPageToken: z.string().optional(),
});

const MAX_PAGES = 5;

/**
 * A first comment on YouTube: `commentThreads.insert` (`POST /youtube/v3/commentThreads?part=snippet`
 * with `snippet.videoId` and `snippet.topLevelComment.snippet.textOriginal`), which needs the
 * youtube.force-ssl scope. An account whose recorded grant lacks it is skipped without a call;
 * one whose grant was not recorded (connected earlier) is tried, and Google's
 * `insufficientPermissions` skips it the same way. A lost answer is found by
 * `commentThreads.list?videoId=` (the channel's own comment with the same text).
 */
export function createYouTubeFirstComments(ctx: {
  readonly google: GoogleClient;
  readonly api: string;
  readonly clock: Clock;
}): FirstComments {
  return {
    async post(job) {
      const credentials = youtubeCredentialsSchema.safeParse(job.credentials);
      if (!credentials.success)
        return { kind: 'failed', reason: 'The stored YouTube tokens are unreadable; reconnect.' };
      const granted = credentials.data.scope;
      if (typeof granted === 'string' && !granted.split(' ').includes(COMMENT_SCOPE)) return SKIPPED;
      try {
        const created = await youtubeData(ctx, credentials.data.accessToken, threadSchema, {
          method: 'POST',
          resource: 'commentThreads',
          searchParams: { part: 'snippet' },
          json: {
            snippet: { videoId: job.targetId, topLevelComment: { snippet: { textOriginal: job.text } } },
          },
        });
        return { kind: 'posted', commentId: created.snippet?.topLevelComment?.id ?? created.id };
      } catch (error) {
        return answerOf(error, ctx.clock.now());
      }
    },
    async find(job) {
      const credentials = youtubeCredentialsSchema.safeParse(job.credentials);
      if (!credentials.success) return { kind: 'none' };
      try {
        let pageToken: string | undefined;
        for (let page = 0; page < MAX_PAGES; page++) {
          const listed = await youtubeData(ctx, credentials.data.accessToken, threadListSchema, {
            method: 'GET',
            resource: 'commentThreads',
            searchParams: {
              part: 'snippet',
              videoId: job.targetId,
              maxResults: '100',
              ...(pageToken === undefined ? {} : { pageToken }),
            },
          });
          const own = listed.items.find((thread) => {
            const top = thread.snippet?.topLevelComment;
            return (
              top?.snippet?.textOriginal === job.text &&
              top.snippet.authorChannelId?.value === credentials.data.channelId
            );
          });
          if (own !== undefined)
            return { kind: 'found', commentId: own.snippet?.topLevelComment?.id ?? own.id };
          pageToken = listed.nextPageToken;
          if (pageToken === undefined) break;
        }
        return { kind: 'none' };
      } catch (error) {
        const answer = answerOf(error, ctx.clock.now());
        return answer.kind === 'retry' ? answer : { kind: 'retry', afterMs: 30_000, reason: answer.reason };
      }
    },
  };
}

function answerOf(error: unknown, now: Date): Exclude<FirstCommentAnswer, { kind: 'posted' }> {
  if (!(error instanceof GoogleRequestError)) {
    const detail = error instanceof Error ? error.name : 'unknown error';
    return { kind: 'retry', afterMs: 0, reason: `YouTube did not answer (${detail}).` };
  }
  if (error.failure.reason === 'insufficientPermissions') return SKIPPED;
  const verdict = classifyGoogleFailure(error.failure, now);
  const said = error.failure.message ?? error.failure.reason ?? error.failure.detail;
  switch (verdict.kind) {
    case 'retry':
    case 'defer':
      return retryAnswerOf(verdict, now);
    case 'token_expired':
      return { kind: 'retry', afterMs: 0, reason: `YouTube refused the comment for now: ${said}` };
    default:
      return { kind: 'failed', reason: `YouTube refused the first comment: ${said}` };
  }
}
