import type { z } from 'zod';
import type { GoogleClient } from './google-client.js';

/** Where the YouTube Data API is called: the client and www.googleapis.com or its stand-in. */
export type YouTubeDataHost = {
  readonly google: GoogleClient;
  readonly api: string;
};

/** One Data API call: a resource under `/youtube/v3/`, its query and, to insert, its JSON body. */
export type YouTubeDataCall = {
  readonly method: 'GET' | 'POST';
  readonly resource: string;
  readonly searchParams: Readonly<Record<string, string>>;
  readonly json?: unknown;
};

/**
 * A YouTube Data API call with the account's access token: a 2xx JSON answer of `schema`,
 * anything else GoogleRequestError. Uploads, which send bytes to `/upload/youtube/v3/`, build their own.
 */
export function youtubeData<T>(
  host: YouTubeDataHost,
  accessToken: string,
  schema: z.ZodType<T>,
  call: YouTubeDataCall,
): Promise<T> {
  return host.google.json(schema, {
    method: call.method,
    url: `${host.api}/youtube/v3/${call.resource}`,
    searchParams: call.searchParams,
    headers: { authorization: `Bearer ${accessToken}` },
    ...(call.json === undefined ? {} : { json: call.json }),
  });
}
