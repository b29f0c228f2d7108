// The production bundle of `svc`: the server and the workspace packages it runs, built, with only
// their runtime dependencies, in one directory that runs with `node OUT/bin/svc.js`. The
// Containerfile runs this in its build stage, so native addons are those of the image's platform:
// better-sqlite3 ships Node-API prebuilds for each platform and picks one at load time, and sharp's
// libvips comes from the optional package pnpm installs for the platform it runs on.
//
// Usage: node scripts/production-bundle.mjs OUT   (after `pnpm install --frozen-lockfile`)
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const out = resolve(process.argv[2] ?? 'dist-bundle');
const root = resolve(import.meta.dirname, '..');

function pnpm(args, env = {}) {
  execFileSync('pnpm', args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}

// The packages' JavaScript only: declarations are for library users, not for a running server.
pnpm(['--filter', '@svc/server...', 'build'], { SVC_BUILD_NO_DTS: '1' });
rmSync(out, { recursive: true, force: true });
// --legacy: copies workspace packages as published (their `files`) without needing
// inject-workspace-packages for the whole workspace.
pnpm(['--filter', '@svc/server', 'deploy', '--prod', '--legacy', out]);

const store = join(out, 'node_modules/.pnpm');
// Test tooling reached only through optional peer dependencies: @svc/core and
// @svc/store-postgres offer vitest helpers under `/testing`, which the server never imports, and
// the lockfile resolves that optional peer because the workspace has vitest. Type packages are
// listed as dependencies of some packages but are never loaded at runtime.
const notRuntime = /^(vitest|vite|@vitest\+|rolldown|@rolldown\+|esbuild|@esbuild\+|lightningcss|@types\+)/;
for (const entry of readdirSync(store)) {
  if (notRuntime.test(entry)) rmSync(join(store, entry), { recursive: true, force: true });
}

// better-sqlite3: keep the prebuild of this platform (and its musl twin), drop the others and
// the SQLite sources it only needs when building from source.
const platform = `${process.platform}-${process.arch}`;
const muslPlatform = `${process.platform}musl-${process.arch}`;
for (const entry of readdirSync(store).filter((e) => e.startsWith('better-sqlite3@'))) {
  const pkg = join(store, entry, 'node_modules/better-sqlite3');
  for (const dir of ['deps', 'src', 'build']) rmSync(join(pkg, dir), { recursive: true, force: true });
  const prebuilds = join(pkg, 'prebuilds');
  if (!existsSync(prebuilds)) continue;
  for (const file of readdirSync(prebuilds)) {
    if (file !== `${platform}.node` && file !== `${muslPlatform}.node`) rmSync(join(prebuilds, file));
  }
}
process.stdout.write(`production bundle in ${out}\n`);
