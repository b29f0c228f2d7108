import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
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

  // Once built, every package packs and would publish. The registry is a stand-in on loopback that
  // knows no package (so none counts as already published): the test never reaches the network.
  it('pnpm -r publish --dry-run packs every package with its build', async () => {
    const asked: string[] = [];
    const registry = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not found"}');
    });
    await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`;
      const { stdout, stderr } = await promisify(execFile)(
        'pnpm',
        ['-r', 'publish', '--dry-run', '--no-git-checks', '--registry', url],
        { cwd: ROOT, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
      );
      const output = `${stdout}\n${stderr}`;
      for (const pkg of PACKAGES) {
        const { name, version } = JSON.parse(
          readFileSync(join(ROOT, 'packages', pkg, 'package.json'), 'utf8'),
        );
        expect(output, name).toContain(`+ ${name}@${version}`);
      }
      expect(output.match(/ dist\/index\.d\.ts/g)?.length).toBeGreaterThanOrEqual(PACKAGES.length);
      expect(asked.length).toBeGreaterThan(0);
    } finally {
      await new Promise((resolve) => registry.close(resolve));
    }
  }, 150_000);
});
