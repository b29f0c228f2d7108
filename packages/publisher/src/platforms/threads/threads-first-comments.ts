import type { Clock, FirstComments } from '@svc/core';
import { credentialsCommenter } from '../meta/credentials-commenter.js';
import { createdSchema } from '../meta/graph-api.js';
import type { GraphClient } from '../meta/graph-client.js';
import { createGraphFirstComments } from '../meta/graph-first-comments.js';
import { userTokenCredentialsSchema } from '../meta/user-token-credentials.js';

/**
 * A first comment on Threads is a reply (platforms.md 4.2): a TEXT container with `reply_to_id`
 * set to the live post, then `threads_publish`. Making the container posts nothing, so only the
 * publish can have gone through unheard; a lost answer is found among the post's `replies`, by
 * the account's username and the exact text.
 */
export function createThreadsFirstComments(ctx: {
  readonly graph: GraphClient;
  readonly base: string;
  readonly clock: Clock;
}): FirstComments {
  const { graph, base } = ctx;
  return createGraphFirstComments({
    ...ctx,
    platformName: 'Threads',
    textField: 'text',
    listEdge: 'replies',
    commenter: credentialsCommenter(userTokenCredentialsSchema, (credentials, job) => ({
      accessToken: credentials.accessToken,
      ownIds: [credentials.userId],
      handle: job.account.handle,
    })),
    async send(commenter, job) {
      const userId = commenter.ownIds[0] ?? 'me';
      const container = await graph.post(createdSchema, `${base}/${userId}/threads`, {
        media_type: 'TEXT',
        text: job.text,
        reply_to_id: job.targetId,
        access_token: commenter.accessToken,
      });
      const published = await graph.post(createdSchema, `${base}/${userId}/threads_publish`, {
        creation_id: container.id,
        access_token: commenter.accessToken,
      });
      return published.id;
    },
  });
}
