import { defineConfig, type Options } from 'tsup';

/**
 * The build every package shares: ESM for Node 22+, type declarations, source maps, and `node:`
 * imports kept as written. Dependencies stay external (tsup's default), so no package bundles
 * another of ours or a native module.
 */
export function packageBuild(entry: Record<string, string>, options: Partial<Options> = {}) {
  return defineConfig({
    entry,
    format: ['esm'],
    target: 'node22',
    dts: true,
    sourcemap: true,
    clean: true,
    removeNodeProtocol: false,
    ...options,
    // The production bundle (scripts/production-bundle.mjs) ships programs, not an API: skipping
    // declarations there saves most of the build's time in an image build.
    ...(process.env.SVC_BUILD_NO_DTS === '1' ? { dts: false } : {}),
  });
}
