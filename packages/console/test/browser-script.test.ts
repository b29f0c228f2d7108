import { describe, expect, it } from 'vitest';
import {
  BROWSER_SCRIPTS,
  BUILD_BROWSER_COMMAND,
  buildBrowserScript,
  buildComposeChecks,
  readBrowserScript,
} from '../scripts/build-browser.js';

// The committed compose script is what esbuild makes of its sources now, so the page runs the
// same policy as the server: when the policy or the script changes, this fails until rebuilt.
describe('the compose page script', () => {
  it.each(BROWSER_SCRIPTS)('$file matches a fresh build', async ({ file, entry }) => {
    const fresh = await buildBrowserScript(entry);
    expect(
      readBrowserScript(file) === fresh,
      `packages/console/${file} is out of date: run \`${BUILD_BROWSER_COMMAND}\` and commit the result.`,
    ).toBe(true);
  });

  it('carries the policy without zod or Node', async () => {
    const script = await buildComposeChecks();
    expect(script).not.toMatch(/node:|require\(|zod/);
    expect(script.length).toBeLessThan(64 * 1024);
  });
});
