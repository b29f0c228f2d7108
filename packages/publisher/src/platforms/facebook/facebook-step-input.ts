import type { z } from 'zod';
import type { ClassifyContext } from '../meta/classify-graph-failure.js';
import type { FreshMarks } from '../meta/fresh-marks.js';
import type { GraphClient, GraphParams } from '../meta/graph-client.js';
import type { StatusPolling } from '../meta/poll-step.js';
import type { FacebookProgress } from './facebook-progress.js';

/** Everything one step of a Facebook publish needs. */
export type FacebookStepInput = {
  readonly graph: GraphClient;
  /** The versioned Graph base, `${graphHost}/${version}`. */
  readonly base: string;
  readonly pageId: string;
  readonly pageAccessToken: string;
  readonly progress: FacebookProgress;
  readonly now: Date;
  /** How often a reel's status is read while Facebook processes it. */
  readonly polling: StatusPolling;
  /** The post being published, and the marks this process set (see FreshMarks). */
  readonly postId: string;
  readonly marks: FreshMarks;
};

// Facebook reports no publishing quota to read ahead; when code 9 says a limit is reached, an
// hour is a fair first wait.
const LIMIT_RETRY_MS = 3_600_000;

/** The classifier's context for a Facebook step. */
export function facebookContext(input: FacebookStepInput): ClassifyContext {
  return { platformName: 'Facebook', now: input.now, quotaRetryMs: LIMIT_RETRY_MS };
}

/** GETs `${base}/${path}` with the Page token. */
export function pageGet<T>(
  input: FacebookStepInput,
  schema: z.ZodType<T>,
  path: string,
  params: GraphParams,
) {
  return input.graph.get(schema, `${input.base}/${path}`, { ...params, access_token: input.pageAccessToken });
}

/** POSTs to `${base}/${path}` with the Page token. */
export function pagePost<T>(
  input: FacebookStepInput,
  schema: z.ZodType<T>,
  path: string,
  params: GraphParams,
) {
  return input.graph.post(schema, `${input.base}/${path}`, {
    ...params,
    access_token: input.pageAccessToken,
  });
}
