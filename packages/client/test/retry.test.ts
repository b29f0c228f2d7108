import { describe, expect, it } from 'vitest';
import { backoffDelay, createSvcClient, parseRetryAfter, SvcApiError } from '../src/index.js';
import { useLoopback } from './loopback-server.js';

// Retrying against a real HTTP server on loopback: what is retried, how long the client waits.
const loopback = useLoopback();
const POST = { id: 'post_1', status: 'scheduled' };
const busy = (headers: Record<string, string> = {}) => ({
  status: 503,
  headers,
  json: { error: 'The database is unavailable.', code: 'database_unavailable' },
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Mon, 31 Dec 2029 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-1', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('backs off exponentially with jitter, capped', () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, 60_000, () => 0))).toEqual([250, 500, 1000, 2000]);
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, 60_000, () => 1))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffDelay(20, 3000, () => 1)).toBe(3000);
  });
});

describe('retries', () => {
  it('retries a GET on 503 and 429, honouring Retry-After in seconds and as an HTTP date', async () => {
    const server = await loopback((_req, i) => {
      if (i === 0) return busy({ 'Retry-After': '1' });
      if (i === 1)
        return {
          status: 429,
          headers: { 'Retry-After': new Date(Date.now() + 3000).toUTCString() },
          json: {},
        };
      return { status: 200, json: POST };
    });
    const client = createSvcClient({ baseUrl: server.url, apiKey: 'svc_k', retry: { maxDelayMs: 5000 } });
    expect(await client.getPost('post_1')).toEqual(POST);
    const [first, second, third] = server.received.map((r) => r.at);
    expect(server.received).toHaveLength(3);
    expect(server.received.every((r) => r.headers.authorization === 'Bearer svc_k')).toBe(true);
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(950);
    // An HTTP date has whole seconds: the wait is 2 to 3 s, where backing off would wait at most 1 s.
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(1500);
  });

  it('backs off by itself without Retry-After, and gives up after `attempts` with SvcApiError', async () => {
    const server = await loopback(() => busy());
    const client = createSvcClient({
      baseUrl: server.url,
      apiKey: 'k',
      retry: { attempts: 3, maxDelayMs: 40 },
    });
    const error = await client.getPost('post_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcApiError);
    expect(error).toMatchObject({
      status: 503,
      code: 'database_unavailable',
      message: 'The database is unavailable.',
    });
    expect(server.received).toHaveLength(3);
  });

  it('does not wait for a Retry-After longer than maxDelayMs: the error carries it', async () => {
    const server = await loopback(() => ({
      status: 429,
      headers: { 'Retry-After': '3600' },
      json: { error: 'Daily quota reached.', code: 'quota_exceeded', details: { limit: 50 } },
    }));
    const client = createSvcClient({ baseUrl: server.url, apiKey: 'k', retry: { maxDelayMs: 1000 } });
    const error = await client.getPost('post_1').catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 429,
      code: 'quota_exceeded',
      details: { limit: 50 },
      retryAfterMs: 3_600_000,
    });
    expect(server.received).toHaveLength(1);
  });

  it('sends a POST without externalId once, and retries a create, which always carries one', async () => {
    let creates = 0;
    const server = await loopback((req) =>
      req.url === '/api/v1/media/upload' || ++creates % 2 === 1
        ? busy({ 'Retry-After': '0' })
        : {
            status: 200,
            json: {
              postIds: ['post_1'],
              status: 'scheduled',
              scheduledTime: 'x',
              replayed: true,
              warnings: [],
            },
          },
    );
    const client = createSvcClient({ baseUrl: server.url, apiKey: 'k' });
    await expect(client.api.POST('/api/v1/media/upload')).rejects.toMatchObject({ status: 503 });
    expect(server.received).toHaveLength(1);

    const created = await client.createPost({ platforms: ['threads'], caption: 'Hello' });
    expect(created.postIds).toEqual(['post_1']);
    const [firstTry, secondTry] = server.received.slice(1).map((r) => JSON.parse(r.body.toString()));
    expect(firstTry.externalId).toMatch(/^[0-9a-f-]{36}$/);
    expect(secondTry).toEqual(firstTry);

    const given = await client.schedulePost({
      platforms: ['threads'],
      caption: 'Hi',
      scheduledTime: '2030-01-01T00:00:00Z',
      externalId: 'mine',
    });
    expect(given.replayed).toBe(true);
    expect(JSON.parse(server.received.at(-1)?.body.toString() ?? '{}').externalId).toBe('mine');
  });

  it('retries any POST refused with 429 rate_limited, which did nothing, waiting as told', async () => {
    const limited = {
      status: 429,
      headers: { 'Retry-After': '1' },
      json: { error: 'Too many requests from this key.', code: 'rate_limited' },
    };
    const server = await loopback((_req, i) => (i % 2 === 0 ? limited : { status: 200, json: POST }));
    const client = createSvcClient({ baseUrl: server.url, apiKey: 'k' });
    // A POST without externalId (sent once on a 503) and one without a body are both sent again.
    const retried = await client.api.POST('/api/v1/posts/{id}/retry', { params: { path: { id: 'post_1' } } });
    expect(retried.response.status).toBe(200);
    const connected = await client.api.POST('/api/v1/connections', { body: { platform: 'threads' } });
    expect(connected.response.status).toBe(200);
    expect(server.received.map((r) => r.method)).toEqual(['POST', 'POST', 'POST', 'POST']);
    const [first, second, third, fourth] = server.received;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(fourth?.body.toString()).toBe(third?.body.toString());
    expect(JSON.parse(fourth?.body.toString() ?? '{}')).toEqual({ platform: 'threads' });
  });

  it('turns a non-JSON error page into SvcApiError with an http_ code, and retries failed connections', async () => {
    const server = await loopback(() => ({ status: 502, text: '<html>Bad gateway</html>' }));
    const client = createSvcClient({ baseUrl: server.url, apiKey: 'k' });
    await expect(client.getPost('x')).rejects.toMatchObject({ status: 502, code: 'http_502' });

    let calls = 0;
    const flaky = createSvcClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'k',
      retry: { attempts: 2, maxDelayMs: 10 },
      fetch: async (request) => {
        calls += 1;
        if (calls === 1) throw new TypeError('fetch failed');
        return Response.json(
          { id: 'post_1', status: 'posted' },
          { status: 200, headers: { 'X-Url': request.url } },
        );
      },
    });
    expect(await flaky.getPost('post_1')).toMatchObject({ status: 'posted' });
    expect(calls).toBe(2);
  });
});
