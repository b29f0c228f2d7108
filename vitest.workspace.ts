import type { TestProjectInlineConfiguration } from 'vitest/config';

/** Packages with tests; each becomes a vitest project named after it. */
const PACKAGES = [
  'core',
  'store-sqlite',
  'store-postgres',
  'store-sql',
  'http',
  'server',
  'media',
  'outbound',
  'sandbox',
  'publisher',
  'mcp',
  'oauth',
  'console',
  'client',
  'web',
];

/** The project list; the root vitest.config.ts reads it (vitest 4+ has no workspace file of its own). */
export const projects: TestProjectInlineConfiguration[] = [
  ...PACKAGES.map((name) => ({
    extends: true,
    test: {
      name,
      dir: `packages/${name}`,
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      // The MCP SDK's client imports eventsource-parser, whose `source` export condition (which we
      // resolve for our own packages) points at TypeScript Node will not run from node_modules:
      // inlined, Vite transpiles it.
      server: { deps: { inline: [/@modelcontextprotocol\/sdk\/dist\/esm\/client\//, /eventsource/] } },
    },
  })),
  // Rules that span packages (architecture, docs, builds, the README). Its files run one after
  // another: two of them build the packages into the same dist/ folders.
  {
    extends: true,
    test: {
      name: 'workspace',
      dir: 'test',
      include: ['**/*.test.ts'],
      // The image test builds and runs the container image: its own step (pnpm test:container).
      exclude: ['container/**'],
      fileParallelism: false,
    },
  },
];
