import type { FirstCommentJob } from '@svc/core';
import type { z } from 'zod';
import type { GraphCommenter } from './graph-first-comments.js';

/**
 * A Graph first comment's `commenter` that reads the job's stored credentials with the platform's
 * schema: credentials that do not parse give no commenter (the comment then fails as unreadable), so
 * each platform only says which token and ids its credentials comment with.
 */
export function credentialsCommenter<T>(
  schema: z.ZodType<T>,
  commenterOf: (credentials: T, job: FirstCommentJob) => GraphCommenter,
): (job: FirstCommentJob) => GraphCommenter | null {
  return (job) => {
    const credentials = schema.safeParse(job.credentials);
    return credentials.success ? commenterOf(credentials.data, job) : null;
  };
}
