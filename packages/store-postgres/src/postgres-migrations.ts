import { migrationsInOrder } from '@svc/store-sql';
import * as migrations from './migrations/index.js';
import type { PostgresMigration } from './postgres-migration.js';

/**
 * Every migration, oldest first, one per id of `MIGRATION_IDS` (@svc/store-sql) so a number means
 * the same change as on SQLite. Kept in TypeScript so the build bundles them. To change the schema,
 * append the id there, add `migrations/NNNN-what.ts` in both dialects and export it from each
 * dialect's `migrations/index.ts`; the order comes from `MIGRATION_IDS` alone.
 */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = migrationsInOrder<PostgresMigration>(
  'PostgreSQL',
  migrations,
);
