import type { Clock } from '@svc/core';
import type { Response } from 'got';
import type { z } from 'zod';
import { platformGot } from '../shared/platform-got.js';
import { failureFromAnswer, GraphRequestError } from './graph-failure.js';
import { createGraphPacer, type GraphPacer } from './graph-pacer.js';
import { readGraphUsage } from './graph-usage.js';

/** Parameters of a Graph call, the access token included. */
export type GraphParams = Readonly<Record<string, string>>;

/** A small Graph API client: JSON answers checked against a schema, Graph errors as GraphRequestError. */
export type GraphClient = {
  /** GETs `url` with `params` in the query. */
  get<T>(schema: z.ZodType<T>, url: string, params: GraphParams): Promise<T>;
  /** POSTs `params` as a form body, with extra `headers` (the resumable upload's `file_url`). */
  post<T>(
    schema: z.ZodType<T>,
    url: string,
    params: GraphParams,
    headers?: Readonly<Record<string, string>>,
  ): Promise<T>;
  /**
   * POSTs `body` as JSON, for calls whose parameters nest (the messaging `recipient` and
   * `message`); the token goes in `headers` as `Authorization: Bearer`.
   */
  postJson<T>(
    schema: z.ZodType<T>,
    url: string,
    body: unknown,
    headers: Readonly<Record<string, string>>,
  ): Promise<T>;
};

/** Options of the Graph client. */
export type GraphClientOptions = {
  /** The whole call, answer included. Default 30 s. */
  readonly timeoutMs?: number;
  /** The time the usage headers' waits are measured by. Default the system clock. */
  readonly clock?: Clock;
  /** Where the usage headers' lessons are kept. Default a pacer of this client's own. */
  readonly pacer?: GraphPacer;
};

/**
 * A GraphClient on got. It never retries by itself: a repeated POST could create a second
 * container or post, so retries are the engine's, which resumes from the saved progress. It reads
 * the usage headers of every answer, success or error, and refuses to send a call while they say
 * to wait (a GraphRequestError marked `paced`, which the classifier turns into a deferral).
 */
export function createGraphClient(options: GraphClientOptions = {}): GraphClient {
  const client = platformGot({ timeoutMs: options.timeoutMs ?? 30_000 });
  const pacer = options.pacer ?? createGraphPacer();
  const nowMs = () => options.clock?.now().getTime() ?? Date.now();

  async function send<T>(
    schema: z.ZodType<T>,
    token: string | null,
    call: () => Promise<Response<string>>,
  ): Promise<T> {
    const wait = pacer.waitMs(token, nowMs());
    if (wait > 0) {
      throw new GraphRequestError({
        status: null,
        error: null,
        regainAccessMs: wait,
        paced: true,
        detail: 'rate-limit usage near its limit',
      });
    }
    let response: Response<string>;
    try {
      response = await call();
    } catch (error) {
      // No answer at all. The message may quote the URL and so the token: keep the code only.
      const code = error instanceof Error && 'code' in error ? String(error.code) : 'network error';
      throw new GraphRequestError({ status: null, error: null, regainAccessMs: null, detail: code });
    }
    const usage = readGraphUsage(response.headers);
    if (usage !== null) pacer.record(token, usage, nowMs());
    const body = parseJson(response.body);
    if (response.statusCode < 200 || response.statusCode > 299) {
      throw new GraphRequestError(failureFromAnswer(response.statusCode, body, response.headers));
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new GraphRequestError({
        status: response.statusCode,
        error: null,
        regainAccessMs: null,
        detail: `an answer of an unexpected shape from ${new URL(response.url).pathname}`,
      });
    }
    return parsed.data;
  }

  return {
    get: (schema, url, params) =>
      send(schema, tokenOf(params), () => client.get(url, { searchParams: { ...params } })),
    post: (schema, url, params, headers = {}) =>
      send(schema, tokenOf(params, headers), () =>
        client.post(url, {
          headers: { ...headers },
          ...(Object.keys(params).length === 0 ? {} : { form: { ...params } }),
        }),
      ),
    postJson: (schema, url, body, headers) =>
      send(schema, tokenOf({}, headers), () => client.post(url, { headers: { ...headers }, json: body })),
  };
}

// The token a call acts with (a Page's or an account's), which keys its usage: in the parameters,
// or in an `Authorization: Bearer|OAuth` header.
function tokenOf(params: GraphParams, headers: Readonly<Record<string, string>> = {}): string | null {
  const bearer = (headers.Authorization ?? headers.authorization)?.replace(/^(Bearer|OAuth)\s+/i, '');
  return params.access_token ?? bearer ?? null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
