import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The dependency and style rules of docs/architecture.md, checked on the real files.
const ROOT = join(import.meta.dirname, '..');
const PACKAGES = readdirSync(join(ROOT, 'packages'));

type Manifest = {
  name: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  exports?: Record<string, Record<string, string>>;
  engines?: Record<string, string>;
};

/** The surfaces a person or an agent reaches over HTTP: they share the web edge, `@svc/web`. */
const WEB_EDGES = ['console', 'http', 'mcp', 'oauth', 'sandbox'];
/**
 * What the web edge may build on besides core: multipart parsing, the Result type, the OpenID
 * Connect client that the console's and the agents' sign-in pages share (single sign-on), and the
 * WebAuthn ceremonies and set-up QR code of the second-factor pages they share.
 */
const WEB_LIBRARIES = [
  '@simplewebauthn/server',
  '@types/busboy',
  'busboy',
  'neverthrow',
  'openid-client',
  'qrcode',
];

/** Generated files, exempt from the size rules: they are written by a tool, not read by people. */
const GENERATED = ['packages/client/src/openapi-types.ts'];

const manifest = (pkg: string): Manifest =>
  JSON.parse(readFileSync(join(ROOT, 'packages', pkg, 'package.json'), 'utf8'));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map(
    (m) => m[1] ?? '',
  );

describe('architecture', () => {
  it('@svc/core depends on zod and neverthrow only (vitest is an optional peer for ./testing)', () => {
    const core = manifest('core');
    expect(Object.keys(core.dependencies ?? {}).sort()).toEqual(['neverthrow', 'zod']);
    expect(Object.keys(core.peerDependencies ?? {})).toEqual(['vitest']);
    expect(core.peerDependenciesMeta?.vitest?.optional).toBe(true);
  });

  it('core sources import nothing but zod, neverthrow, their own files, node:* (node/, testing/), vitest (testing/, tests), fast-check and standardwebhooks (tests: an outside verifier of our signatures)', () => {
    const src = join(ROOT, 'packages/core/src');
    for (const file of sourceFiles(src)) {
      const where = relative(src, file);
      const allowed = (spec: string) =>
        spec.startsWith('.') ||
        spec === 'zod' ||
        spec === 'neverthrow' ||
        ((where.startsWith('node/') || where.startsWith('testing/')) && spec.startsWith('node:')) ||
        ((where.startsWith('testing/') || where.endsWith('.test.ts')) && spec === 'vitest') ||
        (where.endsWith('.test.ts') && (spec === 'fast-check' || spec === 'standardwebhooks'));
      expect(
        importsOf(file).filter((spec) => !allowed(spec)),
        where,
      ).toEqual([]);
    }
  });

  it('core reads neither the clock nor randomness outside its node/ and testing/ subpaths', () => {
    const src = join(ROOT, 'packages/core/src');
    for (const file of sourceFiles(src)) {
      const where = relative(src, file);
      if (where.startsWith('node/') || where.startsWith('testing/') || where.endsWith('.test.ts')) continue;
      const text = readFileSync(file, 'utf8');
      expect(text.match(/new Date\(\)|Date\.now\(|Math\.random\(|randomUUID|crypto\./g), where).toBeNull();
    }
  });

  it('adapters depend on @svc/core and no other package of ours (the web edges also on @svc/web, the SQL stores on @svc/store-sql); only @svc/server wires them all', () => {
    const sqlStores = ['store-sqlite', 'store-postgres'];
    const shared = (pkg: string) =>
      WEB_EDGES.includes(pkg) ? ['@svc/web'] : sqlStores.includes(pkg) ? ['@svc/store-sql'] : [];
    for (const pkg of PACKAGES.filter((p) => p !== 'core' && p !== 'server' && p !== 'client')) {
      const ours = Object.keys(manifest(pkg).dependencies ?? {}).filter((d) => d.startsWith('@svc/'));
      expect(ours, pkg).toEqual(['@svc/core', ...shared(pkg)]);
    }
  });

  it('only the SQL stores and the server use @svc/store-sql', () => {
    const users = PACKAGES.filter((pkg) =>
      Object.keys(manifest(pkg).dependencies ?? {}).includes('@svc/store-sql'),
    );
    expect(users.filter((pkg) => pkg !== 'server').sort()).toEqual(['store-postgres', 'store-sqlite']);
  });

  it('@svc/web, what every HTML and HTTP surface shares, depends on @svc/core and HTTP-level libraries only', () => {
    const deps = Object.keys(manifest('web').dependencies ?? {});
    expect(deps.filter((d) => d.startsWith('@svc/'))).toEqual(['@svc/core']);
    expect(deps.filter((d) => !d.startsWith('@svc/')).sort()).toEqual(WEB_LIBRARIES);
  });

  it('@svc/client stands alone: generated from @svc/http at dev time, it needs only openapi-fetch to run', () => {
    const client = manifest('client');
    expect(Object.keys(client.dependencies ?? {})).toEqual(['openapi-fetch']);
    for (const file of sourceFiles(join(ROOT, 'packages/client/src')))
      expect(
        importsOf(file).filter((spec) => spec.startsWith('@svc/')),
        relative(ROOT, file),
      ).toEqual([]);
  });

  it('the tool endpoint path and its OAuth scope list are spelled once, in core', () => {
    // String literals only: prose in comments may name them.
    const literals = (text: string) =>
      [...text.replace(/^\s*(\/\/|\*|\/\*).*$/gm, '').matchAll(/(['"`])((?:(?!\1).)*)\1/g)].map((m) => m[2]);
    const owners = ['core/src/surfaces/mcp-path.ts', 'core/src/identity/oauth-scopes.ts'];
    for (const pkg of PACKAGES) {
      const src = join(ROOT, 'packages', pkg, 'src');
      for (const file of sourceFiles(src)) {
        const where = relative(join(ROOT, 'packages'), file);
        if (where.endsWith('.test.ts') || where.includes('/testing/') || owners.includes(where)) continue;
        const text = readFileSync(file, 'utf8');
        expect(
          literals(text).filter((s) => s?.includes('/api/mcp') || s?.includes('mcp:read mcp:write')),
          where,
        ).toEqual([]);
        expect(text, where).not.toMatch(/['"]mcp:read['"],\s*['"]mcp:write['"]/);
      }
    }
  });

  it('every package has an explicit API: exports map with source, types and import, and no export *', () => {
    for (const pkg of PACKAGES) {
      const m = manifest(pkg);
      expect(m.name, pkg).toBe(`@svc/${pkg}`);
      expect(m.engines?.node, pkg).toBe('>=22.12');
      const root = m.exports?.['.'];
      expect(root, pkg).toMatchObject({
        source: './src/index.ts',
        types: './dist/index.d.ts',
        import: './dist/index.js',
      });
      // Core's root only gathers its area indexes (test/layering.test.ts checks that); each area's
      // index is explicit like every other package's.
      const indexes =
        pkg === 'core'
          ? Object.values(m.exports ?? {})
              .map((e) => e.source ?? '')
              .filter((source) => source !== './src/index.ts')
          : ['./src/index.ts'];
      for (const index of indexes)
        expect(readFileSync(join(ROOT, 'packages', pkg, index), 'utf8'), `${pkg} ${index}`).not.toMatch(
          /export \*/,
        );
    }
  });

  it('files stay small: core root index < 150 lines, each area index < 120, no source over 400 lines, and over 300 only with a header comment saying why', () => {
    const lineCount = (file: string) => readFileSync(file, 'utf8').trimEnd().split('\n').length;
    const core = join(ROOT, 'packages', 'core');
    expect(lineCount(join(core, 'src', 'index.ts'))).toBeLessThan(150);
    const areaIndexes = Object.values(manifest('core').exports ?? {})
      .map((e) => e.source ?? '')
      .filter((source) => source !== './src/index.ts');
    expect(areaIndexes.length).toBeGreaterThan(5);
    for (const index of areaIndexes) expect(lineCount(join(core, index)), index).toBeLessThan(120);
    const sources = PACKAGES.flatMap((pkg) => sourceFiles(join(ROOT, 'packages', pkg, 'src')))
      .filter((file) => !file.endsWith('.test.ts'))
      .filter((file) => !GENERATED.includes(relative(ROOT, file)));
    const long = sources.filter((file) => lineCount(file) > 300).map((file) => relative(ROOT, file));
    expect(long.filter((file) => lineCount(join(ROOT, file)) > 400)).toEqual([]);
    expect(long.filter((file) => !/^\/[/*]/.test(readFileSync(join(ROOT, file), 'utf8')))).toEqual([]);
  });
});
