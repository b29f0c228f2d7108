import type { Page } from 'playwright-core';

export { launchChromium } from './launch-chromium.js';

/** Signs in to the console on `page` and lands on the overview. */
export async function signInToConsole(
  page: Page,
  url: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${url}/app/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${url}/app`);
}

/** How far the page sticks out of the window sideways, in CSS pixels (0: it fits). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return (await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
}
