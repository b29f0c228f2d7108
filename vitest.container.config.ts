import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// The container image test (test/container): it builds the image from the Containerfile and runs
// it with podman, minutes of work, so it is a step of its own after `pnpm test` in .ci/run. It
// resolves packages as the main configuration does.
export default defineConfig({
  resolve: base.resolve ?? {},
  ssr: base.ssr ?? {},
  test: {
    name: 'container',
    include: ['test/container/**/*.test.ts'],
    testTimeout: 900_000,
    hookTimeout: 1_800_000,
  },
});
