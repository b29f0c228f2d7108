import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { signInToConsole } from './console-browser.js';
import { launchChromium } from './launch-chromium.js';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';
import { svcInProcess } from './support.js';
import { verticalVideo } from './vertical-video.js';

/** A sandbox server, its seeded person signed in to the console in Chromium, and a stored video. */
export type SignedInConsole = {
  readonly server: SandboxServer;
  readonly browser: Browser;
  readonly page: Page;
  readonly key: string;
  /** A 10-second vertical video in the person's library. */
  readonly video: string;
};

/**
 * What Compose's browser tests start from: `ann@example.com` with sandbox accounts on
 * `platforms`, instant processing, a 10-second vertical video, signed in at `viewport`.
 */
export async function signedInConsole(
  platforms: readonly string[],
  viewport = { width: 1024, height: 800 },
): Promise<SignedInConsole> {
  const server = await startSandboxServer({ SVC_UNSAFE_ALLOW_PRIVATE_FETCH: '1' });
  server.sandbox.control.setContainerReadyAfter({ image: 0, video: 0 });
  const { key } = await seedUser(server, platforms);
  const password = 'a console password';
  const set = await svcInProcess(
    ['users', 'set-password', '--email', 'ann@example.com', '--password-stdin'],
    server.env,
    password,
  );
  expect(set.code, set.stderr).toBe(0);
  const video = await server.upload(
    key,
    verticalVideo({ durationMs: 10_000, totalBytes: 300 * 1024 }),
    'clip.mp4',
  );
  const browser = await launchChromium();
  const page = await (await browser.newContext({ viewport })).newPage();
  await signInToConsole(page, server.url, 'ann@example.com', password);
  return { server, browser, page, key, video };
}
