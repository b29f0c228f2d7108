import { defineConfig } from 'vitest/config';
import { projects } from './vitest.workspace.js';

// Workspace packages resolve to their TypeScript sources through the `source` export condition,
// so tests never need a build.
const conditions = ['source', 'import', 'module', 'node', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    projects,
    testTimeout: 20_000,
  },
});
