import type { Response } from 'got';
import type { z } from 'zod';
import { platformGot } from '../shared/platform-got.js';
import { failureFromAnswer, GoogleRequestError } from './google-failure.js';

/** One call to a Google host. */
export type GoogleRequest = {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly url: string;
  readonly searchParams?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
  /** A form body (the token endpoint). */
  readonly form?: Readonly<Record<string, string>>;
  /** A JSON body (the video resource). */
  readonly json?: unknown;
  /** Raw bytes (video chunks, thumbnails). */
  readonly body?: Uint8Array;
  /** Overrides the client's timeout for this call (chunk uploads take longer). */
  readonly timeoutMs?: number;
};

/** Any answer Google gave: its status, headers and body (parsed when JSON). */
export type GoogleAnswer = {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: unknown;
};

/** A small client for Google's OAuth and YouTube hosts. */
export type GoogleClient = {
  /** Any HTTP status is an answer; only a call with no answer rejects (GoogleRequestError, status null). */
  send(request: GoogleRequest): Promise<GoogleAnswer>;
  /** A 2xx JSON answer of `schema`; anything else rejects with GoogleRequestError. */
  json<T>(schema: z.ZodType<T>, request: GoogleRequest): Promise<T>;
};

/**
 * A GoogleClient on got. It never retries or follows redirects by itself: a repeated insert
 * could cost quota or make a second video, and the upload protocol answers 308 without being a
 * redirect. Errors never carry the request, so tokens cannot end up in messages or logs.
 */
export function createGoogleClient(options: { readonly timeoutMs: number }): GoogleClient {
  const client = platformGot();

  async function send(request: GoogleRequest): Promise<GoogleAnswer> {
    let response: Response<string>;
    try {
      response = await client(request.url, {
        method: request.method,
        timeout: { request: request.timeoutMs ?? options.timeoutMs },
        headers: { ...request.headers },
        ...(request.searchParams === undefined ? {} : { searchParams: { ...request.searchParams } }),
        ...(request.form === undefined ? {} : { form: { ...request.form } }),
        ...(request.json === undefined ? {} : { json: request.json }),
        ...(request.body === undefined ? {} : { body: Buffer.from(request.body) }),
      });
    } catch (error) {
      // No answer at all. The message may quote the URL and its token: keep the code only.
      const code = error instanceof Error && 'code' in error ? String(error.code) : 'network error';
      throw new GoogleRequestError({ status: null, reason: null, domain: null, message: null, detail: code });
    }
    return { status: response.statusCode, headers: response.headers, body: parseJson(response.body) };
  }

  return {
    send,
    async json(schema, request) {
      return expectJson(schema, await send(request), new URL(request.url).pathname);
    },
  };
}

/** The answer's body when it is a 2xx of `schema`; rejects with GoogleRequestError otherwise. */
export function expectJson<T>(schema: z.ZodType<T>, answer: GoogleAnswer, path: string): T {
  if (answer.status < 200 || answer.status > 299) {
    throw new GoogleRequestError(failureFromAnswer(answer.status, answer.body));
  }
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) {
    throw new GoogleRequestError({
      status: answer.status,
      reason: null,
      domain: null,
      message: null,
      detail: `an answer of an unexpected shape from ${path}`,
    });
  }
  return parsed.data;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
