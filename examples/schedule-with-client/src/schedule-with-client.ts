// Uploads a photo, schedules it to an Instagram and a Threads account a few seconds from now, and
// waits until both posts are `posted` or `failed`, all through @svc/client. Prints one JSON object.
// Run against a server (sandbox accounts will do; see docs/connections.md):
//   SVC_BASE_URL=http://localhost:3000 SVC_API_KEY=svc_… pnpm --filter @svc-examples/schedule-with-client start
import { pathToFileURL } from 'node:url';
import { type Account, createSvcClient, type Post } from '@svc/client';

/** The photo shipped with the example: 1080x1080, which every platform takes. */
export const PHOTO = new URL('../assets/photo.jpg', import.meta.url);

/** What the run did: the uploaded photo and each post as it ended. */
export type ScheduleOutcome = {
  mediaId: string;
  posts: Pick<Post, 'id' | 'platforms' | 'status' | 'permalink' | 'failedReason'>[];
};

/** Uploads, schedules to Instagram and Threads, and waits for both posts. */
export async function scheduleWithClient(options: {
  baseUrl: string;
  apiKey: string;
  /** How far ahead to schedule (default 5 s). */
  delayMs?: number;
}): Promise<ScheduleOutcome> {
  const svc = createSvcClient({ baseUrl: options.baseUrl, apiKey: options.apiKey });

  const accounts = await svc.listConnections();
  const targets = (['instagram', 'threads'] as const).map((platform) => {
    const account = accounts.find((a: Account) => a.platform === platform && !a.needsReconnect);
    if (account === undefined)
      throw new Error(`Connect a ${platform} account first (POST /api/v1/connections).`);
    return account;
  });

  // Streamed from disk; the service reads the type from the bytes.
  const photo = await svc.uploadMedia(PHOTO, { contentType: 'image/jpeg' });

  // schedulePost adds an externalId, so a retried request answers the first result instead of
  // scheduling twice. The time in the caption keeps reruns from being refused as duplicates.
  const now = Date.now();
  const scheduled = await svc.schedulePost({
    platforms: targets.map((a) => a.platform),
    profileIds: targets.map((a) => a.id),
    caption: `Scheduled with @svc/client at ${new Date(now).toISOString()} #svc`,
    mediaIds: [photo.mediaId],
    scheduledTime: new Date(now + (options.delayMs ?? 5_000)).toISOString(),
  });

  const posts = await Promise.all(
    scheduled.postIds.map((id) => svc.waitForPost(id, { timeoutMs: 5 * 60_000 })),
  );
  return {
    mediaId: photo.mediaId,
    posts: posts.map(({ id, platforms, status, permalink, failedReason }) => ({
      id,
      platforms,
      status,
      permalink,
      failedReason,
    })),
  };
}

async function main(): Promise<number> {
  const baseUrl = process.env.SVC_BASE_URL;
  const apiKey = process.env.SVC_API_KEY;
  if (!baseUrl || !apiKey) {
    console.error('Set SVC_BASE_URL (e.g. http://localhost:3000) and SVC_API_KEY (svc keys create …).');
    return 2;
  }
  const outcome = await scheduleWithClient({ baseUrl, apiKey });
  console.log(JSON.stringify(outcome, null, 2));
  return outcome.posts.every((p) => p.status === 'posted') ? 0 : 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main().catch((error: unknown) => {
    // SvcApiError carries the service's code; print it as one line rather than a stack.
    const { name, code, message } = error as { name?: string; code?: string; message?: string };
    console.error(`${name ?? 'Error'}${code ? ` ${code}` : ''}: ${message ?? String(error)}`);
    return 1;
  });
}
