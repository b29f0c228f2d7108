import { z } from 'zod';
import { readGraphUsage } from './graph-usage.js';

const code = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

/** The `error` object of a Graph error body (platforms.md §6). */
export const graphErrorSchema = z.looseObject({
  message: z.string().optional(),
  type: z.string().optional(),
  code: code.optional(),
  error_subcode: code.optional(),
  error_user_title: z.string().optional(),
  error_user_msg: z.string().optional(),
  is_transient: z.boolean().optional(),
  fbtrace_id: z.string().optional(),
});

/** A Graph error, from either body shape Meta uses. */
export type GraphError = z.infer<typeof graphErrorSchema>;

// Instagram's OAuth endpoints answer `{error_type, code, error_message}` at the top level instead.
const instagramOAuthErrorSchema = z.looseObject({
  error_type: z.string().optional(),
  code: code.optional(),
  error_message: z.string(),
});

/** What went wrong with one Graph call. */
export type GraphFailure = {
  /** The HTTP status; null when no answer came at all (network fault, timeout). */
  readonly status: number | null;
  /** Meta's error object, when the body carried one. */
  readonly error: GraphError | null;
  /**
   * Meta's estimate of when a rate-limited app may call again (`estimated_time_to_regain_access`
   * of any usage header); for a paced call, how long it must still wait.
   */
  readonly regainAccessMs: number | null;
  /** Set when the call was not sent at all: the usage headers said to wait first (graph-pacer.ts). */
  readonly paced?: boolean;
  /** A short technical description for reasons: the network error code or the HTTP status. */
  readonly detail: string;
};

/** A Graph call that failed; the classifier turns its failure into a publish step. */
export class GraphRequestError extends Error {
  override readonly name = 'GraphRequestError';
  readonly failure: GraphFailure;
  constructor(failure: GraphFailure) {
    super(failure.error?.message ?? failure.detail);
    this.failure = failure;
  }
}

/** Reads a failed answer: its status, Meta's error object if any, and the usage headers' regain estimate. */
export function failureFromAnswer(
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string | string[] | undefined>>,
): GraphFailure {
  return {
    status,
    error: graphErrorOf(body),
    regainAccessMs: readGraphUsage(headers)?.regainAccessMs ?? null,
    detail: `HTTP ${status}`,
  };
}

/** Meta's error object from a body of either shape, or null. */
export function graphErrorOf(body: unknown): GraphError | null {
  if (typeof body !== 'object' || body === null) return null;
  const wrapped = graphErrorSchema.safeParse((body as { error?: unknown }).error);
  if (wrapped.success) return wrapped.data;
  const flat = instagramOAuthErrorSchema.safeParse(body);
  if (!flat.success) return null;
  return { message: flat.data.error_message, type: flat.data.error_type, code: flat.data.code };
}
