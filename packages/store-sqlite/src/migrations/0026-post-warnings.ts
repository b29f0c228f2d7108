import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * What a platform did differently from what was asked, on a post it published anyway (a YouTube
 * upload locked to private because the Google Cloud project has not passed Google's audit).
 * Null on every existing post: nothing was read back before.
 */
export const migration0026PostWarnings: SqliteMigration = {
  id: '0026_post_warnings',
  sql: `
ALTER TABLE posts ADD COLUMN warning TEXT;
`,
};
