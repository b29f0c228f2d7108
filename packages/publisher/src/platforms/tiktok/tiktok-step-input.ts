import type { BlobReader } from '@svc/core';
import type { z } from 'zod';
import type { TikTokClient } from './tiktok-client.js';
import type { TikTokMemory } from './tiktok-memory.js';
import type { TikTokPhotoSource } from './tiktok-photo-links.js';
import type { TikTokProgress } from './tiktok-progress.js';

/** Everything one step of a TikTok publish needs. */
export type TikTokStepInput = {
  readonly client: TikTokClient;
  /** The API host (open.tiktokapis.com), without a trailing slash. */
  readonly api: string;
  readonly accessToken: string;
  /** The account's username, for links. */
  readonly handle: string;
  /** Our post's id, the key of what the gateway remembers about it. */
  readonly postId: string;
  readonly progress: TikTokProgress;
  readonly now: Date;
  readonly blobs: BlobReader;
  readonly memory: TikTokMemory;
  readonly postUrl: (username: string, postId: string) => string;
  /** Where TikTok may pull photos from; null: any link (a simulator that checks none). */
  readonly photoSource: TikTokPhotoSource | null;
  /**
   * How long a photo post whose start was saved, but whose `content/init` answer never was, is
   * looked for in the creator's list before it is sent again (a lost answer may still have made it).
   */
  readonly photoResendAfterMs: number;
};

/** POSTs `json` (or nothing) to `${api}${path}` with the account's token; resolves with `data`. */
export function tiktokPost<T>(input: TikTokStepInput, schema: z.ZodType<T>, path: string, json?: unknown) {
  return input.client.api(schema, {
    method: 'POST',
    url: `${input.api}${path}`,
    accessToken: input.accessToken,
    ...(json === undefined ? {} : { json }),
  });
}
