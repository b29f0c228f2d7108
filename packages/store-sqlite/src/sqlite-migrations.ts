import { migrationsInOrder } from '@svc/store-sql';
import * as migrations from './migrations/index.js';
import type { SqliteMigration } from './sqlite-migration.js';

/**
 * Every migration, oldest first, one per id of `MIGRATION_IDS` (@svc/store-sql) so a number means
 * the same change as on PostgreSQL. Kept in TypeScript so the build bundles them. To change the schema,
 * append the id there, add `migrations/NNNN-what.ts` in both dialects and export it from each
 * dialect's `migrations/index.ts`; the order comes from `MIGRATION_IDS` alone.
 */
export const SQLITE_MIGRATIONS: readonly SqliteMigration[] = migrationsInOrder<SqliteMigration>(
  'SQLite',
  migrations,
);
