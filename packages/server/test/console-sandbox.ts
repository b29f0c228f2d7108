import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { signInToConsole } from './console-browser.js';
import { launchChromium } from './launch-chromium.js';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

/** Where the console journeys leave their screenshots. */
export const CONSOLE_ARTIFACTS = join(import.meta.dirname, '../test-artifacts/console');

/** A sandbox server, its person (with an API key and one account per platform) signed in to the console in Chromium. */
export type ConsoleSandbox = {
  readonly server: SandboxServer;
  readonly key: string;
  readonly accounts: Record<string, string>;
  readonly browser: Browser;
  readonly page: Page;
  close(): Promise<void>;
};

/**
 * Starts a sandbox server whose containers are ready at once, seeds a person with `platforms`
 * accounts and a console password, and signs them in in a Chromium page of `viewport`.
 */
export async function startConsoleSandbox(
  platforms: readonly string[],
  viewport = { width: 1024, height: 800 },
): Promise<ConsoleSandbox> {
  const email = 'ann@example.com';
  const password = 'a console password';
  mkdirSync(CONSOLE_ARTIFACTS, { recursive: true });
  const server = await startSandboxServer({ SVC_UNSAFE_ALLOW_PRIVATE_FETCH: '1' });
  server.sandbox.control.setContainerReadyAfter({ image: 0, video: 0 });
  const { key, accounts } = await seedUser(server, platforms);
  await server.setPassword(email, password);
  const browser = await launchChromium();
  const page = await (await browser.newContext({ viewport })).newPage();
  await signInToConsole(page, server.url, email, password);
  return {
    server,
    key,
    accounts,
    browser,
    page,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
