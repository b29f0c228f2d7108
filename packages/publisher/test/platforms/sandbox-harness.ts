import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { ConnectedAccount, Platform, PlatformGateway, PublishJob, PublishMedia } from '@svc/core';
import {
  anAccount,
  aPost,
  createFakeClock,
  createMemoryBlobStore,
  type FakeClock,
  type MemoryBlobStore,
} from '@svc/core/testing';
import {
  createSandbox,
  mintSandboxAccount,
  SANDBOX_APPS,
  type Sandbox,
  type SandboxEndpoints,
  type SandboxOptions,
  type SandboxPlatform,
  sandboxEndpoints,
  sandboxLinks,
} from '@svc/sandbox';
import { afterEach, beforeEach } from 'vitest';

/** The redirect URI the tests' sandbox apps register. */
export const REDIRECT_URI = 'https://svc.example/api/v1/connections/callback';

const FIXTURES = join(import.meta.dirname, '../../../media/test/fixtures');
const MEDIA: Readonly<Record<string, { type: string; bytes: Buffer }>> = {
  '/media/image.jpg': { type: 'image/jpeg', bytes: readFileSync(join(FIXTURES, 'image.jpg')) },
  '/media/video.mp4': { type: 'video/mp4', bytes: readFileSync(join(FIXTURES, 'video.mp4')) },
};

/** Sandbox processing times the tests use: long enough that steps must wait for them. */
export const READY_AFTER_MS = { image: 2_000, video: 6_000 };

/** A loopback server hosting the sandbox and the tests' media files. */
export type SandboxHarness = {
  readonly sandbox: Sandbox;
  readonly clock: FakeClock;
  readonly baseUrl: string;
  readonly endpoints: SandboxEndpoints;
  readonly secret: string;
  /** The tiny real JPEG, served by the harness. */
  image(): PublishMedia;
  /** The tiny real MP4, served by the harness. */
  video(): PublishMedia;
  /** A media link nothing is served at. */
  missing(): PublishMedia;
  /**
   * Our storage, for adapters that upload files (TikTok, YouTube); `stored` puts bytes in it and
   * describes them as a stored asset: a blob key, and a link the harness serves them at.
   */
  readonly blobs: MemoryBlobStore;
  stored(
    bytes: Uint8Array,
    shape: {
      readonly contentType: string;
      readonly width: number;
      readonly height: number;
      readonly durationMs: number | null;
    },
  ): Promise<PublishMedia>;
  /** A connected account with sandbox tokens, as connecting through OAuth would make it. */
  /** A minted account; `scopes` (as the platform writes them) limits what its tokens may do. */
  account(platform: SandboxPlatform, handle: string, options?: { readonly scopes?: string }): SandboxAccount;
  close(): Promise<void>;
};

/** An account and its (decrypted) credentials. */
export type SandboxAccount = {
  readonly account: ConnectedAccount;
  readonly credentials: Record<string, unknown>;
};

/** Starts the harness on 127.0.0.1 with a fake clock; the sandbox is created once the port is known. */
export async function startSandbox(options: Partial<SandboxOptions> = {}): Promise<SandboxHarness> {
  const clock = createFakeClock();
  const secret = 'publisher-test-secret';
  const blobs = createMemoryBlobStore();
  // Stored assets are served at /blobs/<key>, as the server serves signed media links.
  const served = new Map<string, { type: string; bytes: Buffer }>();
  let sandbox: Sandbox | null = null;
  const server = createServer((req, res) => {
    if (sandbox?.owns(req.url ?? '/')) return sandbox.handle(req, res);
    const file = MEDIA[req.url ?? ''] ?? served.get(req.url ?? '');
    if (file === undefined) {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, { 'content-type': file.type, 'content-length': String(file.bytes.length) })
      .end(file.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const created = createSandbox({
    baseUrl,
    secret,
    clock,
    latencyMs: 0,
    containerReadyAfterMs: READY_AFTER_MS,
    fetchMedia: true,
    redirectUris: [REDIRECT_URI],
    ...options,
  });
  sandbox = created;
  const media = (
    path: string,
    contentType: string,
    bytes: number,
    durationMs: number | null,
  ): PublishMedia => ({
    contentType,
    url: `${baseUrl}${path}`,
    blobKey: null,
    sizeBytes: bytes,
    width: durationMs === null ? 64 : 160,
    height: durationMs === null ? 48 : 90,
    durationMs,
  });
  return {
    sandbox: created,
    clock,
    baseUrl,
    endpoints: sandboxEndpoints(baseUrl),
    secret,
    image: () => media('/media/image.jpg', 'image/jpeg', MEDIA['/media/image.jpg']?.bytes.length ?? 0, null),
    video: () => media('/media/video.mp4', 'video/mp4', MEDIA['/media/video.mp4']?.bytes.length ?? 0, 1_000),
    missing: () => media('/media/gone.jpg', 'image/jpeg', 1_000, null),
    blobs,
    async stored(bytes, shape) {
      const put = await blobs.put(
        (async function* () {
          yield bytes;
        })(),
        { maxBytes: Number.MAX_SAFE_INTEGER },
      );
      if (!put.ok) throw new Error(`could not store the test bytes: ${put.error.kind}`);
      const path = `/blobs/${put.blob.key}`;
      served.set(path, { type: shape.contentType, bytes: Buffer.from(bytes) });
      return {
        contentType: shape.contentType,
        url: `${baseUrl}${path}`,
        blobKey: put.blob.key,
        sizeBytes: bytes.byteLength,
        width: shape.width,
        height: shape.height,
        durationMs: shape.durationMs,
      };
    },
    account(platform, handle, options = {}) {
      const minted = mintSandboxAccount({
        platform,
        handle,
        secret,
        baseUrl,
        now: clock.now(),
        ...(options.scopes === undefined ? {} : { scopes: options.scopes }),
      });
      const account = anAccount('user_1', {
        platform,
        platformAccountId: minted.platformAccountId,
        handle: minted.handle,
        profileUrl: minted.profileUrl,
        tokenExpiresAt: minted.tokenExpiresAt,
      });
      return { account, credentials: minted.credentials };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
}

/** A publish job of a fresh post with `caption` and `media` to `target`. */
export function aJob(
  target: SandboxAccount,
  caption: string,
  media: readonly PublishMedia[],
  platformMeta: PublishJob['post']['platformMeta'] = null,
): PublishJob {
  const platform: Platform = target.account.platform;
  const post = aPost('user_1', target.account.id, { caption, platforms: [platform], platformMeta });
  return { post, account: target.account, credentials: target.credentials, media };
}

/**
 * Goes through the sandbox consent page as a person would: opens the authorize URL, submits its
 * form (whose hidden fields repeat the URL's query) with `handle`, and returns the code and state
 * the redirect carries.
 */
export async function approveConsent(
  authorizeUrl: string,
  handle: string,
  /** Further fields of the consent form (Facebook's `business_page`). */
  extra: Readonly<Record<string, string>> = {},
): Promise<{ code: string; state: string }> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (!page.ok || !html.includes('<form method="post">') || !html.includes('name="handle"')) {
    throw new Error(`no consent form (${page.status}): ${html.slice(0, 300)}`);
  }
  const form = new URLSearchParams(new URL(authorizeUrl).search);
  form.set('handle', handle);
  for (const [field, value] of Object.entries(extra)) form.set(field, value);
  const approved = await fetch(authorizeUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const location = approved.headers.get('location');
  if (approved.status !== 302 || location === null) throw new Error(`consent answered ${approved.status}`);
  const redirect = new URL(location);
  return { code: redirect.searchParams.get('code') ?? '', state: redirect.searchParams.get('state') ?? '' };
}

/** The sandbox app, hosts, clock and links that every gateway of `platform` on the harness starts from. */
export function sandboxApp<P extends SandboxPlatform>(h: SandboxHarness, platform: P) {
  return {
    ...SANDBOX_APPS[platform],
    hosts: h.endpoints[platform],
    clock: h.clock,
    links: sandboxLinks(h.baseUrl)[platform],
  };
}

/** SHA-256 (hex) of some bytes, as the simulator records uploads. */
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The harness and gateway of the running test; `useSandbox` renews both for every test. */
export type SandboxTest = { readonly h: SandboxHarness; readonly gateway: PlatformGateway };

/** Starts a harness and builds a gateway on it before each test, and stops the harness after. */
export function useSandbox(makeGateway: (h: SandboxHarness) => PlatformGateway): SandboxTest {
  let current: { h: SandboxHarness; gateway: PlatformGateway } | null = null;
  beforeEach(async () => {
    const h = await startSandbox();
    current = { h, gateway: makeGateway(h) };
  });
  afterEach(() => current?.h.close());
  const running = () => {
    if (current === null) throw new Error('useSandbox: no test is running');
    return current;
  };
  return {
    get h() {
      return running().h;
    },
    get gateway() {
      return running().gateway;
    },
  };
}
