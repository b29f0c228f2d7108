import { execFile } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// Every package can be released: its manifest says where it comes from and what it ships, and
// `pnpm changeset version` accepts the changesets as they are. (Publishing, which needs the build,
// is tried in build.test.ts right after its build.)
const ROOT = join(import.meta.dirname, '..');
const PACKAGES = readdirSync(join(ROOT, 'packages'));
const run = promisify(execFile);

/** The placeholder repository every manifest names, until the project has its public home. */
const REPOSITORY_URL = 'https://github.com/svc-dev/svc';

type Manifest = {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  repository?: { type: string; url: string; directory: string };
  files?: string[];
  types?: string;
  exports: Record<string, Record<string, string>>;
  dependencies?: Record<string, string>;
};
const manifestAt = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

describe('releasable packages', () => {
  for (const pkg of PACKAGES) {
    it(`@svc/${pkg} has a license, a repository, files, types and an exports map into dist/`, () => {
      const m = manifestAt(join(ROOT, 'packages', pkg));
      expect(m.private, pkg).toBeUndefined();
      expect(m.license, pkg).toBe('MIT');
      expect(m.repository, pkg).toEqual({ type: 'git', url: REPOSITORY_URL, directory: `packages/${pkg}` });
      expect(m.files, pkg).toContain('dist');
      expect(m.types, pkg).toBe(m.exports['.']?.types);
      for (const [subpath, target] of Object.entries(m.exports)) {
        expect(Object.keys(target), `${pkg} ${subpath}`).toEqual(['source', 'types', 'import']);
        expect(target.types, `${pkg} ${subpath}`).toMatch(/^\.\/dist\/.+\.d\.ts$/);
        expect(target.import, `${pkg} ${subpath}`).toMatch(/^\.\/dist\/.+\.js$/);
      }
    });
  }

  describe('pnpm changeset version', () => {
    // A copy of what Changesets reads (manifests, workspace file, changesets), so the repository's
    // own files are never touched; node_modules is linked, not copied.
    const copy = mkdtempSync(join(tmpdir(), 'svc-release-'));
    afterAll(() => rmSync(copy, { recursive: true, force: true }));

    it('bumps the linked @svc packages together and writes their changelogs', async () => {
      for (const file of ['package.json', 'pnpm-workspace.yaml']) cpSync(join(ROOT, file), join(copy, file));
      cpSync(join(ROOT, '.changeset'), join(copy, '.changeset'), { recursive: true });
      for (const group of ['packages', 'examples'])
        for (const name of readdirSync(join(ROOT, group))) {
          mkdirSync(join(copy, group, name), { recursive: true });
          cpSync(join(ROOT, group, name, 'package.json'), join(copy, group, name, 'package.json'));
        }
      symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
      writeFileSync(
        join(copy, '.changeset/release-test-client.md'),
        '---\n"@svc/client": patch\n---\n\nA change made by the release test.\n',
      );
      const before = manifestAt(join(copy, 'packages/client')).version;

      await run('pnpm', ['changeset', 'version'], { cwd: copy, timeout: 60_000 });

      expect(readdirSync(join(copy, '.changeset')).filter((f) => f.endsWith('.md'))).toEqual(['README.md']);
      const versions = PACKAGES.map((pkg) => manifestAt(join(copy, 'packages', pkg)).version);
      expect(new Set(versions).size, versions.join(' ')).toBe(1);
      expect(versions[0]).not.toBe(before);
      const changelog = readFileSync(join(copy, 'packages/client/CHANGELOG.md'), 'utf8');
      expect(changelog).toContain(`## ${versions[0]}`);
      expect(changelog).toContain('A change made by the release test.');
      // Workspace ranges stay for pnpm publish to replace.
      expect(manifestAt(join(copy, 'packages/server')).dependencies?.['@svc/core']).toBe('workspace:*');
    }, 90_000);
  });
});
