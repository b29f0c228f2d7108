import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

// Every package builds with tsup and its published entry points load in plain Node, without the
// `source` condition the tests use, and carry type declarations.
const ROOT = join(import.meta.dirname, '..');
const PACKAGES = readdirSync(join(ROOT, 'packages'));

type Exports = Record<string, { types: string; import: string }>;

describe('package builds', () => {
  beforeAll(() => {
    execFileSync('pnpm', ['--filter', './packages/**', 'build'], { cwd: ROOT, stdio: 'pipe' });
  }, 180_000);

  for (const pkg of PACKAGES) {
    it(`@svc/${pkg}: every export has its JavaScript and declarations, and loads in Node`, () => {
      const dir = join(ROOT, 'packages', pkg);
      const exportsMap: Exports = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).exports;
      for (const [subpath, target] of Object.entries(exportsMap)) {
        expect(existsSync(join(dir, target.types)), `${subpath} types`).toBe(true);
        expect(existsSync(join(dir, target.import)), `${subpath} import`).toBe(true);
        const specifier = `@svc/${pkg}${subpath.slice(1)}`;
        const loaded = execFileSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `const m = await import('${specifier}'); console.log(Object.keys(m).length);`,
          ],
          { cwd: dir, encoding: 'utf8' },
        );
        expect(Number(loaded.trim()), specifier).toBeGreaterThan(0);
      }
    });
  }
});
