#!/usr/bin/env node
// The `svc` command. Installed from npm it runs the build in dist/. Inside the repository, where
// the TypeScript sources sit beside it, it runs those instead (Node >= 22.18 strips types), so a
// fresh checkout needs no build step and never runs a stale one.
import { existsSync } from 'node:fs';

const sources = new URL('../src/svc.ts', import.meta.url);
if (existsSync(sources) && process.features.typescript) {
  await import('../../../scripts/source-hooks.mjs');
  await import(sources.href);
} else if (existsSync(new URL('../dist/svc.js', import.meta.url))) {
  await import('../dist/svc.js');
} else {
  process.stderr.write(
    'svc: no build found and this Node cannot run TypeScript; use Node >= 22.18 or run pnpm build.\n',
  );
  process.exitCode = 1;
}
