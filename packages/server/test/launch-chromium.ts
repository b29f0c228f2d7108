import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, headless, as the browser journeys run it (CHROMIUM_PATH overrides the path). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-sync',
    ],
  });
}
