import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SANDBOX_APPS, type SandboxCall } from '../src/index.js';
import { type Answer, connectYouTube, JPEG, send, useSandbox } from './sandbox-harness.js';

const h = useSandbox();
const KIB_256 = 256 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

type Channel = Awaited<ReturnType<typeof connectYouTube>>;

/** A channel and helpers for the calls of the upload protocol. */
async function channel(handle = 'shorts_maker') {
  const yt: Channel = await connectYouTube(h, handle);
  let accessToken = yt.accessToken;
  const auth = () => ({ authorization: `Bearer ${accessToken}` });
  const api = h.hosts.youtube.api;
  return {
    ...yt,
    /** A fresh access token from the refresh token, for tests that move the clock past the hour. */
    async renew() {
      const app = SANDBOX_APPS.youtube;
      const answer = await h.post(`${h.hosts.youtube.oauth2}/token`, {
        grant_type: 'refresh_token',
        client_id: app.clientId,
        client_secret: app.clientSecret,
        refresh_token: yt.refreshToken,
      });
      accessToken = answer.body.access_token;
    },
    /** The session-creating POST; `resource` is sent as JSON. */
    start: (
      resource: unknown,
      headers: Record<string, string> = {},
      query = 'uploadType=resumable&part=snippet,status',
    ) =>
      send(`${api}/upload/youtube/v3/videos?${query}`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json; charset=UTF-8', ...headers },
        body: JSON.stringify(resource),
      }),
    put: (location: string, body: Uint8Array, range?: string) =>
      send(location, {
        method: 'PUT',
        headers: { 'content-type': 'video/mp4', ...(range === undefined ? {} : { 'content-range': range }) },
        body,
      }),
    probe: (location: string, total: number | '*') =>
      send(location, {
        method: 'PUT',
        headers: { 'content-range': `bytes */${total}` },
        body: new Uint8Array(0),
      }),
    list: (ids: string, part = 'status,processingDetails,snippet,statistics') =>
      h.get(`${api}/youtube/v3/videos`, { part, id: ids }, auth()),
    thumbnail: (videoId: string, bytes: Uint8Array, type = 'image/jpeg') =>
      send(`${api}/upload/youtube/v3/thumbnails/set?videoId=${videoId}`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': type },
        body: bytes,
      }),
  };
}

const short = (title = 'A Short #Shorts', extra: Record<string, unknown> = {}) => ({
  snippet: { title, description: 'Made in the sandbox', categoryId: '22' },
  status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
  ...extra,
});

const reasonOf = (answer: Answer) => answer.body?.error?.errors?.[0]?.reason;

/** Starts a session for `size` bytes and returns its Location. */
async function session(
  c: Awaited<ReturnType<typeof channel>>,
  size: number,
  title?: string,
): Promise<string> {
  const started = await c.start(short(title), {
    'x-upload-content-length': String(size),
    'x-upload-content-type': 'video/mp4',
  });
  expect(started.status, started.text).toBe(200);
  expect(started.text).toBe('');
  return started.headers.get('location') ?? '';
}

/** Uploads `bytes` in chunks of `chunk` bytes and returns the final answer. */
async function uploadAll(
  c: Awaited<ReturnType<typeof channel>>,
  location: string,
  bytes: Buffer,
  chunk = KIB_256,
) {
  let answer: Answer | null = null;
  for (let start = 0; start < bytes.length; start += chunk) {
    const end = Math.min(start + chunk, bytes.length) - 1;
    answer = await c.put(location, bytes.subarray(start, end + 1), `bytes ${start}-${end}/${bytes.length}`);
  }
  if (answer === null) throw new Error('nothing to upload');
  return answer;
}

describe('YouTube resumable upload', () => {
  it('creates a session that exists only as a Location; nothing is on the channel yet', async () => {
    const c = await channel();
    const started = await c.start(short(), {
      'x-upload-content-length': '1000',
      'x-upload-content-type': 'video/mp4',
    });
    expect(started.status).toBe(200);
    const location = new URL(started.headers.get('location') ?? '');
    expect(location.pathname).toBe('/sandbox/youtube/googleapis/upload/youtube/v3/videos');
    expect(location.searchParams.get('uploadType')).toBe('resumable');
    expect(location.searchParams.get('upload_id')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(h.sandbox.control.published('youtube')).toEqual([]);
    // channels.list at connect from the shared pool; the insert from its own bucket.
    expect(h.sandbox.control.youtubeQuotaUsed()).toBe(1);
    expect(h.sandbox.control.youtubeInsertsUsed()).toBe(1);
  });

  it('uploads in chunks: 308 with Range after each, the video resource after the final byte, probes either side', async () => {
    const c = await channel();
    const bytes = randomBytes(2 * KIB_256 + 1000);
    const location = await session(c, bytes.length);

    const before = await c.probe(location, bytes.length);
    expect(before.status).toBe(308);
    expect(before.headers.get('range')).toBeNull();

    const first = await c.put(location, bytes.subarray(0, KIB_256), `bytes 0-${KIB_256 - 1}/${bytes.length}`);
    expect(first.status).toBe(308);
    expect(first.headers.get('range')).toBe(`bytes=0-${KIB_256 - 1}`);
    const second = await c.put(
      location,
      bytes.subarray(KIB_256, 2 * KIB_256),
      `bytes ${KIB_256}-${2 * KIB_256 - 1}/${bytes.length}`,
    );
    expect(second.headers.get('range')).toBe(`bytes=0-${2 * KIB_256 - 1}`);
    const middle = await c.probe(location, bytes.length);
    expect(middle).toMatchObject({ status: 308 });
    expect(middle.headers.get('range')).toBe(`bytes=0-${2 * KIB_256 - 1}`);
    expect(h.sandbox.control.published('youtube')).toEqual([]);

    const last = await c.put(
      location,
      bytes.subarray(2 * KIB_256),
      `bytes ${2 * KIB_256}-${bytes.length - 1}/${bytes.length}`,
    );
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({
      kind: 'youtube#video',
      id: expect.stringMatching(/^[A-Za-z0-9_-]{10}[AEIMQUYcgkosw048]$/),
      snippet: {
        title: 'A Short #Shorts',
        description: 'Made in the sandbox',
        channelId: c.channelId,
        categoryId: '22',
      },
      status: { uploadStatus: 'uploaded', privacyStatus: 'public', selfDeclaredMadeForKids: false },
    });
    const videoId = last.body.id;
    const after = await c.probe(location, bytes.length);
    expect(after.status).toBe(200);
    expect(after.body.id).toBe(videoId);
    // Sending the final chunk again changes nothing either.
    expect(
      (
        await c.put(
          location,
          bytes.subarray(2 * KIB_256),
          `bytes ${2 * KIB_256}-${bytes.length - 1}/${bytes.length}`,
        )
      ).body.id,
    ).toBe(videoId);

    expect(h.sandbox.control.published('youtube')).toEqual([
      expect.objectContaining({
        platform: 'youtube',
        id: videoId,
        accountId: c.channelId,
        kind: 'VIDEO',
        caption: 'A Short #Shorts',
        mediaUrls: [],
        permalink: `${h.baseUrl}/sandbox/youtube/shorts/${videoId}`,
        upload: { sizeBytes: bytes.length, sha256: sha256(bytes) },
      }),
    ]);
    const page = await h.get(`${h.baseUrl}/sandbox/youtube/shorts/${videoId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('A Short #Shorts');
  });

  it('takes the whole file in one PUT without Content-Range, and a total learnt from the last chunk', async () => {
    const c = await channel();
    const bytes = randomBytes(5000);
    const whole = await c.put(await session(c, bytes.length), bytes);
    expect(whole.status).toBe(200);
    const unknown = await c.start(short('Unknown length'));
    const location = unknown.headers.get('location') ?? '';
    expect((await c.put(location, bytes.subarray(0, 0), undefined)).status).toBe(308);
    const big = randomBytes(KIB_256 + 10);
    expect((await c.put(location, big.subarray(0, KIB_256), `bytes 0-${KIB_256 - 1}/*`)).status).toBe(308);
    expect((await c.probe(location, '*')).headers.get('range')).toBe(`bytes=0-${KIB_256 - 1}`);
    const done = await c.put(
      location,
      big.subarray(KIB_256),
      `bytes ${KIB_256}-${big.length - 1}/${big.length}`,
    );
    expect(done.status).toBe(200);
    expect(h.sandbox.control.published('youtube').map((p) => p.upload)).toEqual([
      { sizeBytes: bytes.length, sha256: sha256(bytes) },
      { sizeBytes: big.length, sha256: sha256(big) },
    ]);
  });

  it('refuses chunks that are not multiples of 256 KiB (but the last), gaps and wrong totals; accepts overlaps', async () => {
    const c = await channel();
    const bytes = randomBytes(3 * KIB_256);
    const location = await session(c, bytes.length);
    const odd = await c.put(location, bytes.subarray(0, 1000), `bytes 0-999/${bytes.length}`);
    expect(odd.status).toBe(400);
    expect(odd.body.error.message).toContain('multiple of 262144');
    const gap = await c.put(
      location,
      bytes.subarray(KIB_256, 2 * KIB_256),
      `bytes ${KIB_256}-${2 * KIB_256 - 1}/${bytes.length}`,
    );
    expect(gap.status).toBe(400);
    const total = await c.put(
      location,
      bytes.subarray(0, KIB_256),
      `bytes 0-${KIB_256 - 1}/${bytes.length + 1}`,
    );
    expect(total.status).toBe(400);
    const mismatch = await c.put(location, bytes.subarray(0, 10), `bytes 0-${KIB_256 - 1}/${bytes.length}`);
    expect(mismatch.status).toBe(400);
    const garbled = await c.put(location, bytes.subarray(0, KIB_256), 'bytes=0-10');
    expect(garbled.body.error.message).toBe('Failed to parse Content-Range header.');
    expect((await c.probe(location, bytes.length)).headers.get('range')).toBeNull();

    // Two chunks sent, then the first two chunks again (an overlap) plus the third.
    await c.put(location, bytes.subarray(0, 2 * KIB_256), `bytes 0-${2 * KIB_256 - 1}/${bytes.length}`);
    const overlap = await c.put(
      location,
      bytes.subarray(KIB_256),
      `bytes ${KIB_256}-${bytes.length - 1}/${bytes.length}`,
    );
    expect(overlap.status).toBe(200);
    expect(h.sandbox.control.published('youtube')[0]?.upload).toEqual({
      sizeBytes: bytes.length,
      sha256: sha256(bytes),
    });
  });

  it('sessions last a week by the sandbox clock; unknown ones are 404', async () => {
    const c = await channel();
    const location = await session(c, 100);
    h.clock.advance(7 * 86_400_000 - 1);
    expect((await c.probe(location, 100)).status).toBe(308);
    h.clock.advance(1);
    const gone = await c.probe(location, 100);
    expect(gone.status).toBe(404);
    expect(reasonOf(gone)).toBe('notFound');
    const unknown = await c.probe(location.replace(/upload_id=[^&]+/, 'upload_id=nope'), 100);
    expect(unknown.status).toBe(404);
  });

  it('validates the video resource before creating a session', async () => {
    const c = await channel();
    const cases: Array<[unknown, string]> = [
      [{ snippet: {} }, 'invalidTitle'],
      [short(''), 'invalidTitle'],
      [short('x'.repeat(101)), 'invalidTitle'],
      [short('a <b> title'), 'invalidTitle'],
      [{ snippet: { title: 'ok', description: 'é'.repeat(2501) } }, 'invalidDescription'],
      [{ snippet: { title: 'ok', description: 'a > b' } }, 'invalidDescription'],
      [{ snippet: { title: 'ok', tags: ['x'.repeat(501)] } }, 'invalidTags'],
      [{ snippet: { title: 'ok', categoryId: '999' } }, 'invalidCategoryId'],
      [short('ok', { status: { privacyStatus: 'friends' } }), 'invalidVideoMetadata'],
      [
        short('ok', { status: { privacyStatus: 'public', publishAt: '2030-01-01T00:00:00Z' } }),
        'invalidPublishAt',
      ],
      [
        short('ok', { status: { privacyStatus: 'private', publishAt: '2020-01-01T00:00:00Z' } }),
        'invalidPublishAt',
      ],
    ];
    for (const [resource, reason] of cases) {
      const answer = await c.start(resource);
      expect([answer.status, reasonOf(answer)], JSON.stringify(resource)).toEqual([400, reason]);
      expect(answer.body.error).toMatchObject({
        code: 400,
        status: 'INVALID_ARGUMENT',
        errors: [{ domain: 'youtube.video' }],
      });
    }
    expect(reasonOf(await c.start(short(), { 'x-upload-content-type': 'image/png' }))).toBe('badContent');
    expect(reasonOf(await c.start(short(), {}, 'part=snippet'))).toBe('wrongUrlForUpload');
    expect(reasonOf(await c.start(short(), {}, 'uploadType=resumable'))).toBe('required');
    expect(reasonOf(await c.start(short(), {}, 'uploadType=resumable&part=statistics'))).toBe(
      'unexpectedPart',
    );
    expect(reasonOf(await c.start('not an object'))).toBe('parseError');
    const unauthenticated = await send(
      `${h.hosts.youtube.api}/upload/youtube/v3/videos?uploadType=resumable&part=snippet`,
      {
        method: 'POST',
        body: JSON.stringify(short()),
      },
    );
    expect([unauthenticated.status, reasonOf(unauthenticated)]).toEqual([401, 'authError']);
    const scheduled = await c.start(
      short('Later', { status: { privacyStatus: 'private', publishAt: '2030-01-01T00:00:00Z' } }),
    );
    expect(scheduled.status).toBe(200);
    // Only the valid inserts were counted, in their own bucket.
    expect(h.sandbox.control.youtubeQuotaUsed()).toBe(1);
    expect(h.sandbox.control.youtubeInsertsUsed()).toBe(1);
  });

  it('answers backendError once for #sandbox-transient, then creates the session', async () => {
    const c = await channel();
    const first = await c.start(short('Flaky #sandbox-transient'));
    expect(first.status).toBe(503);
    expect(first.body.error).toMatchObject({
      code: 503,
      status: 'UNAVAILABLE',
      errors: [{ reason: 'backendError' }],
    });
    expect((await c.start(short('Flaky #sandbox-transient'))).status).toBe(200);
  });

  it('a channel over its upload cap gets uploadLimitExceeded; an account without a channel youtubeSignupRequired', async () => {
    const c = await channel();
    h.sandbox.control.setYouTubeUploadLimit(1);
    await c.put(await session(c, 10), randomBytes(10));
    const capped = await c.start(short('Second'));
    expect([capped.status, reasonOf(capped)]).toEqual([400, 'uploadLimitExceeded']);
    h.clock.advance(86_400_000);
    await c.renew();
    expect((await c.start(short('Next day'))).status).toBe(200);
    h.sandbox.control.setYouTubeChannel(c.channelId, 'missing');
    const signup = await c.start(short('No channel'));
    expect([signup.status, reasonOf(signup)]).toEqual([401, 'youtubeSignupRequired']);
  });
});

describe('YouTube quota', () => {
  // developers.google.com/youtube/v3/determine_quota_cost: "Projects that enable the YouTube Data
  // API have a default quota allocation of 100 search.list calls, 100 videos.insert calls, and
  // 10,000 units per day combined for all other endpoints."
  it('counts videos.insert in a bucket of its own, 100 calls a day, beside the 10,000-unit pool', async () => {
    const c = await channel();
    expect(h.sandbox.control.youtubeQuotaUsed()).toBe(1);
    for (let i = 0; i < 100; i++) await session(c, 10, `Short ${i}`);
    expect(h.sandbox.control.youtubeInsertsUsed()).toBe(100);
    expect(h.sandbox.control.youtubeQuotaUsed()).toBe(1);
    expect(reasonOf(await c.start(short('The 101st')))).toBe('quotaExceeded');
    // The pool still serves the other calls.
    expect((await c.list('x')).status).toBe(200);
    h.sandbox.control.setQuota('youtube', 2);
    expect(reasonOf(await c.list('x'))).toBe('quotaExceeded');
  });

  it('refuses with quotaExceeded once the day is used up, until midnight Pacific time', async () => {
    const c = await channel();
    h.sandbox.control.setQuota('youtubeInserts', 2);
    await session(c, 10);
    await session(c, 10);
    const over = await c.start(short('Third'));
    expect(over.status).toBe(403);
    expect(over.body).toEqual({
      error: {
        code: 403,
        message: expect.stringContaining('exceeded your'),
        errors: [
          { message: expect.stringContaining('quota'), domain: 'youtube.quota', reason: 'quotaExceeded' },
        ],
        status: 'PERMISSION_DENIED',
      },
    });
    // The harness starts at 2025-06-01T12:00Z, 05:00 PDT; the Pacific day ends at 07:00Z.
    h.clock.advance(19 * 3_600_000 - 1);
    await c.renew();
    expect((await c.start(short('Still today'))).status).toBe(403);
    h.clock.advance(1);
    expect(h.sandbox.control.youtubeQuotaUsed()).toBe(0);
    expect((await c.start(short('Tomorrow'))).status).toBe(200);
  });

  it('follows daylight saving: in winter the Pacific day ends at 08:00Z', async () => {
    h.clock.advance(Date.parse('2025-12-01T12:00:00Z') - h.clock.now().getTime());
    const c = await channel();
    h.sandbox.control.setQuota('youtubeInserts', 1);
    await session(c, 10);
    h.clock.advance(20 * 3_600_000 - 1); // 2025-12-02T07:59:59.999Z
    await c.renew();
    expect(reasonOf(await c.start(short('Winter')))).toBe('quotaExceeded');
    h.clock.advance(1);
    expect((await c.start(short('Winter'))).status).toBe(200);
  });
});

describe('YouTube videos.list and thumbnails.set', () => {
  async function uploaded(c: Awaited<ReturnType<typeof channel>>, title = 'A Short #Shorts') {
    const bytes = randomBytes(1000);
    const answer = await c.put(await session(c, bytes.length, title), bytes);
    return answer.body.id as string;
  }

  it('shows uploaded → processed after the processing delay, with processing details for the owner only', async () => {
    const c = await channel();
    const id = await uploaded(c);
    const processing = await c.list(id);
    expect(processing.body).toMatchObject({
      kind: 'youtube#videoListResponse',
      pageInfo: { totalResults: 1 },
      items: [
        {
          id,
          status: { uploadStatus: 'uploaded', privacyStatus: 'public' },
          processingDetails: { processingStatus: 'processing', processingProgress: { timeLeftMs: '2000' } },
          statistics: { viewCount: '0', likeCount: '0', commentCount: '0', favoriteCount: '0' },
        },
      ],
    });
    h.clock.advance(2000);
    expect((await c.list(id)).body.items[0]).toMatchObject({
      status: { uploadStatus: 'processed' },
      processingDetails: { processingStatus: 'succeeded' },
    });
    const other = await channel('someone_else');
    const seen = await other.list(id);
    expect(seen.body.items).toHaveLength(1);
    expect(seen.body.items[0].processingDetails).toBeUndefined();
    expect((await h.get(`${h.baseUrl}/sandbox/youtube/channel/${c.channelId}`)).text).toContain(
      'A Short #Shorts',
    );
  });

  it("rejects #sandbox-fail videos (not published) and fails #sandbox-corrupt ones; private videos are the owner's", async () => {
    const c = await channel();
    const rejected = await uploaded(c, 'Nope #sandbox-fail');
    const corrupt = await uploaded(c, 'Broken #sandbox-corrupt');
    h.clock.advance(2000);
    const listed = await c.list(`${rejected},${corrupt},unknown1234`);
    expect(listed.body.items).toMatchObject([
      { id: rejected, status: { uploadStatus: 'rejected', rejectionReason: 'termsOfUse' } },
      {
        id: corrupt,
        status: { uploadStatus: 'failed', failureReason: 'conversion' },
        processingDetails: { processingStatus: 'failed' },
      },
    ]);
    expect(h.sandbox.control.published('youtube')).toEqual([]);
    const other = await channel('someone_else');
    expect((await other.list(rejected)).body.items).toEqual([]);
    expect((await h.get(`${h.baseUrl}/sandbox/youtube/shorts/${rejected}`)).text).toContain(
      'Terms of Service',
    );
  });

  // developers.google.com/youtube/v3/docs/videos: "All videos uploaded via the videos.insert
  // endpoint from unverified API projects created after 28 July 2020 will be restricted to private
  // viewing mode."
  it('makes every upload of an unaudited project private, whatever it asked, until the project is audited', async () => {
    const c = await channel();
    h.sandbox.control.setYouTubeProjectAudited(false);
    const locked = await uploaded(c, 'Locked');
    h.clock.advance(2000);
    expect((await c.list(locked)).body.items[0].status).toMatchObject({
      uploadStatus: 'processed',
      privacyStatus: 'private',
    });
    expect((await h.get(`${h.baseUrl}/sandbox/youtube/shorts/${locked}`)).text).toContain(
      'This video is private.',
    );
    h.sandbox.control.setYouTubeProjectAudited(true);
    const open = await uploaded(c, 'Open');
    h.clock.advance(2000);
    expect((await c.list(open)).body.items[0].status).toMatchObject({ privacyStatus: 'public' });
    h.sandbox.control.setYouTubeProjectAudited(false);
    h.sandbox.control.reset();
    const afterReset = await uploaded(await channel('after_reset'), 'After reset');
    h.clock.advance(2000);
    expect((await c.list(afterReset)).body.items[0].status.privacyStatus).toBe('public');
  });

  it('switches the project audit over the HTTP control too, for a sandbox in another process', async () => {
    const control = `${h.baseUrl}/sandbox/control/youtube/project`;
    const post = (body: unknown) =>
      send(control, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post({ audited: false })).body).toEqual({
      audited: false,
      quotaUsed: { units: 0, inserts: 0 },
    });
    const c = await channel();
    const locked = await uploaded(c, 'Locked over HTTP');
    h.clock.advance(2000);
    expect((await c.list(locked)).body.items[0].status.privacyStatus).toBe('private');
    expect((await h.get(control)).body).toEqual({ audited: false, quotaUsed: { units: 2, inserts: 1 } });
    expect((await post({ audited: 'maybe' })).status).toBe(400);
    expect((await post({ audited: true })).body.audited).toBe(true);
  });

  it('needs part and at most 50 ids', async () => {
    const c = await channel();
    expect(reasonOf(await c.list('a', ''))).toBe('required');
    expect(reasonOf(await c.list('a', 'contentDetails'))).toBe('unknownPart');
    expect(reasonOf(await c.list(''))).toBe('missingRequiredParameter');
    expect((await c.list(Array.from({ length: 51 }, (_, i) => `id${i}`).join(','))).status).toBe(400);
  });

  it("sets a JPEG thumbnail on the owner's video (50 units), refusing others and bad images", async () => {
    const c = await channel();
    const id = await uploaded(c);
    const used = h.sandbox.control.youtubeQuotaUsed();
    const set = await c.thumbnail(id, JPEG);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      kind: 'youtube#thumbnailSetResponse',
      items: [{ default: { url: expect.any(String), width: 120, height: 90 } }],
    });
    expect(h.sandbox.control.youtubeQuotaUsed()).toBe(used + 50);
    expect(h.sandbox.control.published('youtube')[0]?.thumbnailSha256).toBe(sha256(JPEG));

    expect([(await c.thumbnail('nope', JPEG)).status, reasonOf(await c.thumbnail('nope', JPEG))]).toEqual([
      404,
      'videoNotFound',
    ]);
    const other = await channel('someone_else');
    expect(reasonOf(await other.thumbnail(id, JPEG))).toBe('forbidden');
    expect(reasonOf(await c.thumbnail(id, new Uint8Array(0)))).toBe('mediaBodyRequired');
    expect(reasonOf(await c.thumbnail(id, Buffer.from('not an image')))).toBe('invalidImage');
    expect(reasonOf(await c.thumbnail(id, JPEG, 'text/plain'))).toBe('badContent');
    const huge = Buffer.concat([JPEG, Buffer.alloc(2 * 1024 * 1024)]);
    expect(reasonOf(await c.thumbnail(id, huge, 'application/octet-stream'))).toBe('invalidImage');
  });
});

describe('YouTube calls as the intercept hook sees them', () => {
  it('names every API call, telling probes from chunks', async () => {
    const calls: SandboxCall[] = [];
    h.sandbox.control.intercept((call, phase) => {
      if (phase === 'before') calls.push(call);
    });
    const c = await channel();
    const bytes = randomBytes(KIB_256 + 1);
    const location = await session(c, bytes.length);
    await c.probe(location, bytes.length);
    const done = await uploadAll(c, location, bytes);
    await c.list(done.body.id);
    await c.thumbnail(done.body.id, JPEG);
    expect(calls.map((call) => call.operation)).toEqual([
      'youtube.token',
      'youtube.channels',
      'youtube.upload_start',
      'youtube.upload_probe',
      'youtube.upload_chunk',
      'youtube.upload_chunk',
      'youtube.videos_list',
      'youtube.thumbnails_set',
    ]);
    expect(calls.every((call) => call.platform === 'youtube')).toBe(true);
  });

  it('a hook throwing after a chunk applied loses the answer, not the bytes', async () => {
    const c = await channel();
    const bytes = randomBytes(2 * KIB_256);
    const location = await session(c, bytes.length);
    h.sandbox.control.intercept((call, phase) => {
      if (call.operation === 'youtube.upload_chunk' && phase === 'after') throw new Error('lost');
    });
    const lost = await c.put(location, bytes.subarray(0, KIB_256), `bytes 0-${KIB_256 - 1}/${bytes.length}`);
    expect([lost.status, reasonOf(lost)]).toEqual([503, 'backendError']);
    h.sandbox.control.intercept(null);
    expect((await c.probe(location, bytes.length)).headers.get('range')).toBe(`bytes=0-${KIB_256 - 1}`);
  });

  it('unknown YouTube paths answer a Google 404', async () => {
    const answer = await h.get(`${h.hosts.youtube.api}/youtube/v3/playlists`);
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatchObject({
      code: 404,
      status: 'NOT_FOUND',
      errors: [{ reason: 'notFound' }],
    });
  });
});
