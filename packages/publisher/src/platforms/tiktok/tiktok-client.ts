import type { Response } from 'got';
import { z } from 'zod';
import { platformGot } from '../shared/platform-got.js';
import { failureFromAnswer, TikTokRequestError, tiktokErrorOf } from './tiktok-failure.js';

/** A small TikTok API client: answers checked against a schema, TikTok errors as TikTokRequestError. */
export type TikTokClient = {
  /**
   * A Content Posting or Display API call with the bearer token: a JSON body (POST) or none,
   * `query` in the URL. Resolves with the envelope's `data`, checked against `schema`.
   */
  api<T>(
    schema: z.ZodType<T>,
    call: {
      readonly method: 'GET' | 'POST';
      readonly url: string;
      readonly accessToken: string;
      readonly query?: Readonly<Record<string, string>>;
      readonly json?: unknown;
    },
  ): Promise<T>;
  /** An OAuth endpoint: a form body, a flat answer checked against `schema`. */
  oauth<T>(schema: z.ZodType<T>, url: string, form: Readonly<Record<string, string>>): Promise<T>;
  /** PUTs one chunk to an upload_url; resolves with the status (206: more expected, 201: complete). */
  putChunk(url: string, bytes: Uint8Array, headers: Readonly<Record<string, string>>): Promise<number>;
};

/** What the account reads (metrics, followers, posting options) call TikTok with. */
export type TikTokReadContext = {
  readonly client: TikTokClient;
  readonly api: string;
  readonly now: () => Date;
};

/** Options of the TikTok client. */
export type TikTokClientOptions = {
  /** The whole call, answer included. Default 30 s; chunk uploads get at least two minutes. */
  readonly timeoutMs?: number;
};

const MIN_UPLOAD_TIMEOUT_MS = 120_000;

/**
 * A TikTokClient on got. It never retries by itself, follows no redirects and keeps tokens out
 * of its errors: a repeated init could start a second publish, so retries are the engine's, which
 * resumes from the saved progress.
 */
export function createTikTokClient(options: TikTokClientOptions = {}): TikTokClient {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const client = platformGot({ timeoutMs });

  async function answer(call: () => Promise<Response<string>>): Promise<{ body: unknown; path: string }> {
    let response: Response<string>;
    try {
      response = await call();
    } catch (error) {
      throw noAnswer(error);
    }
    const body = parseJson(response.body);
    const failed = response.statusCode < 200 || response.statusCode > 299 || tiktokErrorOf(body) !== null;
    if (failed) throw new TikTokRequestError(failureFromAnswer(response.statusCode, body, response.headers));
    return { body, path: new URL(response.url).pathname };
  }

  // A 2xx answer TikTok would not send: classified as a temporary fault, never as a refusal.
  function parsed<T>(schema: z.ZodType<T>, value: unknown, path: string): T {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    throw new TikTokRequestError({
      status: 200,
      code: null,
      message: null,
      logId: null,
      retryAfterMs: null,
      detail: `an answer of an unexpected shape from ${path}`,
    });
  }

  return {
    async api(schema, call) {
      const { body, path } = await answer(() =>
        client(call.url, {
          method: call.method,
          headers: { authorization: `Bearer ${call.accessToken}` },
          ...(call.query === undefined ? {} : { searchParams: { ...call.query } }),
          ...(call.json === undefined ? {} : { json: call.json }),
        }),
      );
      const envelope = parsed(z.looseObject({ data: z.unknown() }), body, path);
      return parsed(schema, envelope.data, path);
    },
    async oauth(schema, url, form) {
      const { body, path } = await answer(() => client.post(url, { form: { ...form } }));
      return parsed(schema, body, path);
    },
    async putChunk(url, bytes, headers) {
      let response: Response<string>;
      try {
        response = await client.put(url, {
          body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          headers: { ...headers, 'content-length': String(bytes.byteLength) },
          timeout: { request: Math.max(timeoutMs, MIN_UPLOAD_TIMEOUT_MS) },
        });
      } catch (error) {
        throw noAnswer(error);
      }
      if (response.statusCode === 201 || response.statusCode === 206) return response.statusCode;
      throw new TikTokRequestError(
        failureFromAnswer(response.statusCode, parseJson(response.body), response.headers),
      );
    },
  };
}

// No answer at all. The error's message may quote the URL (an upload token): keep its code only.
function noAnswer(error: unknown): TikTokRequestError {
  const code = error instanceof Error && 'code' in error ? String(error.code) : 'network error';
  return new TikTokRequestError({
    status: null,
    code: null,
    message: null,
    logId: null,
    retryAfterMs: null,
    detail: code,
  });
}

/**
 * JSON whose integers beyond 2^53 (TikTok's int64 post ids) are kept as their exact digits,
 * as strings, instead of being rounded to the nearest double. Undefined when not JSON.
 */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text, exactIntegers as (key: string, value: unknown) => unknown);
  } catch {
    return undefined;
  }
}

// JSON.parse hands revivers the source text of primitives (Node 21+); without it, values pass.
function exactIntegers(_key: string, value: unknown, context?: { readonly source?: string }): unknown {
  if (typeof value === 'number' && !Number.isSafeInteger(value) && context?.source !== undefined) {
    return /^-?\d+$/.test(context.source) ? context.source : value;
  }
  return value;
}
