import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  target: 'node22',
  dts: true,
  sourcemap: true,
  clean: true,
  // Dependencies are external by default; named here so the bundle never inlines the core or the native module.
  external: ['@svc/core', 'better-sqlite3'],
  // Keep `node:fs` as written: unambiguous, and what Node documents.
  removeNodeProtocol: false,
});
