import { defineConfig } from 'vitest/config';
import { projects } from './vitest.workspace.js';

// Workspace packages resolve to their TypeScript sources through the `source` export condition,
// so tests never need a build.
const conditions = ['source', 'import', 'module', 'node', 'default'];
// Vitest also hands the SSR conditions to its Node workers as --conditions, which reach `require`
// too: with `import` there, a CommonJS package (pg) requiring another (pg-pool) gets its ESM build.
// Vite adds `import` or `require` by itself, as Node does, so the SSR list goes without it. Nor
// `module` (a bundlers' condition): the AWS SDK's CommonJS files would require its `module` build,
// ESM without file extensions that Node cannot load.
const ssrConditions = conditions.filter((c) => c !== 'import' && c !== 'module');

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions: ssrConditions, externalConditions: ssrConditions } },
  test: {
    projects,
    testTimeout: 20_000,
  },
});
