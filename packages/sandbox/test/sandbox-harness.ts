import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  createSandbox,
  mintSandboxAccount,
  SANDBOX_APPS,
  type Sandbox,
  type SandboxEndpoints,
  type SandboxOptions,
  sandboxEndpoints,
} from '../src/index.js';

/** A clock tests move by hand. */
export type FakeClock = { now(): Date; advance(ms: number): void };

/** A response as tests read it. */
export type Answer = { status: number; headers: Headers; body: any; text: string };

/** A sandbox on a loopback port next to a few media files, with helpers to call it. */
export type Harness = {
  readonly baseUrl: string;
  readonly sandbox: Sandbox;
  readonly clock: FakeClock;
  readonly hosts: SandboxEndpoints;
  /** A tiny JPEG, a PNG, a "video" and a link that answers 404, all on the test server. */
  readonly media: { jpeg: string; png: string; webp: string; video: string; missing: string };
  get(url: string, params?: Record<string, string>, headers?: Record<string, string>): Promise<Answer>;
  post(url: string, params?: Record<string, string>, headers?: Record<string, string>): Promise<Answer>;
};

export const SECRET = 'sandbox-test-secret';
export const REDIRECT = 'https://svc.test/connect/callback';

export const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
  0x00, 0x00, 0xff, 0xd9,
]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(8)]);
const VIDEO = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]);

const FILES: Record<string, { type: string; bytes: Buffer }> = {
  '/files/photo.jpg': { type: 'image/jpeg', bytes: JPEG },
  '/files/image.png': { type: 'image/png', bytes: PNG },
  '/files/image.webp': { type: 'image/webp', bytes: WEBP },
  '/files/clip.mp4': { type: 'video/mp4', bytes: VIDEO },
};

async function read(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // HTML pages and empty bodies stay text.
  }
  return { status: res.status, headers: res.headers, body, text };
}

/**
 * Starts one sandbox for the tests of a file (reset after each test, clock back at its start).
 * Pass options to override the defaults (fake clock, refresh allowed at any age).
 */
export function useSandbox(options: Partial<SandboxOptions> = {}): Harness {
  const start = Date.parse('2025-06-01T12:00:00Z');
  let now = start;
  const clock: FakeClock = {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
  };
  let server: Server | undefined;
  let sandbox: Sandbox | undefined;
  let baseUrl = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const file = FILES[req.url ?? ''];
      if (file !== undefined) {
        res.writeHead(200, { 'content-type': file.type, 'content-length': String(file.bytes.length) });
        res.end(file.bytes);
      } else if (sandbox?.owns(req.url ?? '') === true) {
        sandbox.handle(req, res);
      } else {
        res.writeHead(404).end('not found');
      }
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    sandbox = createSandbox({
      baseUrl,
      secret: SECRET,
      clock,
      refreshMinAgeMs: 0,
      redirectUris: [REDIRECT],
      ...options,
    });
  });
  afterEach(() => {
    sandbox?.control.reset();
    now = start;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });
  const ready = () => {
    if (sandbox === undefined) throw new Error('the sandbox starts in beforeAll');
    return sandbox;
  };
  const withQuery = (url: string, params: Record<string, string>) => {
    const target = new URL(url);
    for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
    return target.toString();
  };
  return {
    get baseUrl() {
      return baseUrl;
    },
    get sandbox() {
      return ready();
    },
    clock,
    get hosts() {
      return sandboxEndpoints(baseUrl);
    },
    get media() {
      return {
        jpeg: `${baseUrl}/files/photo.jpg`,
        png: `${baseUrl}/files/image.png`,
        webp: `${baseUrl}/files/image.webp`,
        video: `${baseUrl}/files/clip.mp4`,
        missing: `${baseUrl}/files/gone.jpg`,
      };
    },
    get: async (url, params = {}, headers = {}) => read(await fetch(withQuery(url, params), { headers })),
    post: async (url, params = {}, headers = {}) =>
      read(
        await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body: new URLSearchParams(params).toString(),
          redirect: 'manual',
        }),
      ),
  };
}

/** The hidden and text fields of the consent page's form, as a browser would post them. */
export function consentForm(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(
    /<input type="(?:hidden|text)"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g,
  )) {
    fields[decodeEntities(match[1] ?? '')] = decodeEntities(match[2] ?? '');
  }
  return fields;
}

// The pages escape with numeric references (`&#38;`); named ones are read too.
function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** Runs the OAuth dance of a platform up to the authorization code (`scope` null: no scope list). */
export async function authorize(
  h: Harness,
  platform: 'instagram' | 'threads' | 'facebook',
  handle: string,
  state = 'st-1',
  scope: string | null = 'a,b',
): Promise<string> {
  const url =
    platform === 'facebook'
      ? `${h.hosts.facebook.www}/v23.0/dialog/oauth`
      : `${h.hosts[platform].www}/oauth/authorize`;
  const params: Record<string, string> = {
    client_id: SANDBOX_APPS[platform].clientId,
    redirect_uri: REDIRECT,
    state,
    ...(scope === null ? {} : { scope }),
  };
  const page = await h.get(url, { ...params, response_type: 'code' });
  const posted = await h.post(`${url}?${new URLSearchParams(params)}`, { ...consentForm(page.text), handle });
  if (posted.status !== 302) throw new Error(`consent answered ${posted.status}: ${posted.text}`);
  const location = new URL(posted.headers.get('location') ?? '');
  return location.searchParams.get('code') ?? '';
}

/** The full dance: a long-lived token and the user id (Instagram, Threads), granted `scope`. */
export async function connect(
  h: Harness,
  platform: 'instagram' | 'threads',
  handle: string,
  scope = 'a,b',
): Promise<{ token: string; userId: string }> {
  const code = await authorize(h, platform, handle, 'st-1', scope);
  const app = SANDBOX_APPS[platform];
  const exchangeUrl =
    platform === 'instagram'
      ? `${h.hosts.instagram.api}/oauth/access_token`
      : `${h.hosts.threads.graph}/oauth/access_token`;
  const short = await h.post(exchangeUrl, {
    client_id: app.clientId,
    client_secret: app.clientSecret,
    grant_type: 'authorization_code',
    redirect_uri: REDIRECT,
    code,
  });
  const long = await h.get(`${h.hosts[platform].graph}/access_token`, {
    grant_type: platform === 'instagram' ? 'ig_exchange_token' : 'th_exchange_token',
    client_secret: app.clientSecret,
    access_token: short.body.access_token,
  });
  return { token: long.body.access_token, userId: String(short.body.user_id) };
}

/** The Facebook dance: user token, then the Page and its token from /me/accounts. */
export async function connectPage(
  h: Harness,
  name: string,
): Promise<{ userToken: string; pageId: string; pageToken: string }> {
  const code = await authorize(h, 'facebook', name);
  const app = SANDBOX_APPS.facebook;
  const user = await h.get(`${h.hosts.facebook.graph}/v23.0/oauth/access_token`, {
    client_id: app.clientId,
    client_secret: app.clientSecret,
    redirect_uri: REDIRECT,
    code,
  });
  const pages = await h.get(`${h.hosts.facebook.graph}/v23.0/me/accounts`, {
    fields: 'id,name,access_token',
    access_token: user.body.access_token,
  });
  const page = pages.body.data[0];
  return { userToken: user.body.access_token, pageId: page.id, pageToken: page.access_token };
}

/** Any request (method, headers, raw body), for upload protocols; redirects and 308s are answered as they come. */
export async function send(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: Uint8Array | string },
): Promise<Answer> {
  const body =
    init.body === undefined || typeof init.body === 'string' ? init.body : new Uint8Array(init.body);
  return read(
    await fetch(url, {
      method: init.method,
      headers: init.headers ?? {},
      ...(body === undefined ? {} : { body }),
      redirect: 'manual',
    }),
  );
}

/** A PKCE verifier and its S256 challenge. */
export function pkcePair(seed = 'a'): { verifier: string; challenge: string } {
  const verifier = seed.repeat(43).slice(0, 43);
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The Google consent for YouTube up to the authorization code, with a PKCE challenge unless `pkce` is null. */
export async function authorizeYouTube(
  h: Harness,
  handle: string,
  pkce: { challenge: string } | null = pkcePair(),
  scope = 'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
): Promise<string> {
  const url = `${h.hosts.youtube.accounts}/o/oauth2/v2/auth`;
  const params: Record<string, string> = {
    client_id: SANDBOX_APPS.youtube.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope,
    state: 'st-yt',
    access_type: 'offline',
    prompt: 'consent',
    ...(pkce === null ? {} : { code_challenge: pkce.challenge, code_challenge_method: 'S256' }),
  };
  const query = `${url}?${new URLSearchParams(params)}`;
  const page = await h.get(query);
  const posted = await h.post(query, { ...consentForm(page.text), handle });
  if (posted.status !== 302) throw new Error(`consent answered ${posted.status}: ${posted.text}`);
  return new URL(posted.headers.get('location') ?? '').searchParams.get('code') ?? '';
}

/** Connects a YouTube channel with PKCE: the tokens and the channel id the token endpoint and channels.list give. */
export async function connectYouTube(
  h: Harness,
  handle: string,
  scope?: string,
): Promise<{ accessToken: string; refreshToken: string; channelId: string }> {
  const pkce = pkcePair();
  const code = await authorizeYouTube(h, handle, pkce, scope);
  const app = SANDBOX_APPS.youtube;
  const tokens = await h.post(`${h.hosts.youtube.oauth2}/token`, {
    grant_type: 'authorization_code',
    client_id: app.clientId,
    client_secret: app.clientSecret,
    redirect_uri: REDIRECT,
    code,
    code_verifier: pkce.verifier,
  });
  if (tokens.status !== 200) throw new Error(`token endpoint answered ${tokens.status}: ${tokens.text}`);
  const channels = await h.get(
    `${h.hosts.youtube.api}/youtube/v3/channels`,
    { part: 'id', mine: 'true' },
    { authorization: `Bearer ${tokens.body.access_token}` },
  );
  return {
    accessToken: tokens.body.access_token,
    refreshToken: tokens.body.refresh_token,
    channelId: channels.body.items[0].id,
  };
}

/** A connected TikTok creator (minted tokens) and calls to the simulator as TikTok clients make them. */
export function tiktokCreator(h: Harness, handle = 'bea_shop') {
  const minted = mintSandboxAccount({
    platform: 'tiktok',
    handle,
    secret: SECRET,
    baseUrl: h.baseUrl,
    now: h.clock.now(),
  });
  const accessToken = String(minted.credentials.accessToken);
  const call = (path: string, body?: unknown, query = '') =>
    send(`${h.hosts.tiktok.api}${path}${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json; charset=UTF-8' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const postInfo = (extra: Record<string, unknown>) => ({
    title: 'Hello TikTok',
    privacy_level: 'PUBLIC_TO_EVERYONE',
    disable_comment: false,
    disable_duet: false,
    disable_stitch: false,
    ...extra,
  });
  return {
    openId: minted.platformAccountId,
    accessToken,
    call,
    creatorInfo: () => call('/v2/post/publish/creator_info/query/'),
    initVideo: (size: number, chunkSize: number, count: number, info: Record<string, unknown> = {}) =>
      call('/v2/post/publish/video/init/', {
        post_info: postInfo(info),
        source_info: {
          source: 'FILE_UPLOAD',
          video_size: size,
          chunk_size: chunkSize,
          total_chunk_count: count,
        },
      }),
    pullVideo: (url: string, info: Record<string, unknown> = {}) =>
      call('/v2/post/publish/video/init/', {
        post_info: postInfo(info),
        source_info: { source: 'PULL_FROM_URL', video_url: url },
      }),
    initPhotos: (urls: string[], info: Record<string, unknown> = {}, mode = 'DIRECT_POST') =>
      call('/v2/post/publish/content/init/', {
        media_type: 'PHOTO',
        post_mode: mode,
        post_info: { title: 'Photos', description: 'A set', privacy_level: 'PUBLIC_TO_EVERYONE', ...info },
        source_info: { source: 'PULL_FROM_URL', photo_images: urls, photo_cover_index: 0 },
      }),
    status: (publishId: string) => call('/v2/post/publish/status/fetch/', { publish_id: publishId }),
    list: (body: Record<string, unknown> = {}) =>
      call('/v2/video/list/', body, '?fields=id,title,create_time,share_url'),
  };
}

/** PUTs one chunk to a TikTok upload_url. */
export function putChunk(url: string, bytes: Uint8Array, range: string, type = 'video/mp4'): Promise<Answer> {
  return send(url, { method: 'PUT', headers: { 'content-type': type, 'content-range': range }, body: bytes });
}

/** Distinct bytes (a counter every 4 KiB, a marked last byte), so misplaced chunks change the hash. */
export function patternedBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i + 4 <= size; i += 4096) bytes.writeUInt32BE(i, i);
  bytes[size - 1] = 0xab;
  return bytes;
}
