// The REST calls the image test makes through a container's port.

/**
 * A server's address, an API key and the sandbox accounts it publishes to (Threads accepts 250
 * posts per account in 24 hours, and the simulator enforces it).
 */
export type Api = { url: string; key: string; accountIds: readonly string[] };

/** POST /api/v1/publish now for the `n`th account (round-robin); the new post's id. */
export async function publishNow(api: Api, caption: string, n = 0): Promise<string> {
  const res = await fetch(`${api.url}/api/v1/publish`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${api.key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      platforms: ['threads'],
      profileIds: [api.accountIds[n % api.accountIds.length]],
      caption,
    }),
  });
  if (res.status !== 200) throw new Error(`publish answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { postIds: string[] }).postIds[0] as string;
}

/** Resolves once every post reads `posted`; rejects naming the first that does not in time. */
export async function waitForPosted(api: Api, ids: readonly string[], timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (const id of ids) {
    let status = '';
    while (status !== 'posted') {
      const res = await fetch(`${api.url}/api/v1/posts/${id}`, {
        headers: { Authorization: `Bearer ${api.key}` },
      });
      status = res.ok ? ((await res.json()) as { status: string }).status : `HTTP ${res.status}`;
      if (status === 'posted') break;
      if (status === 'failed' || Date.now() > until) throw new Error(`post ${id} is ${status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
