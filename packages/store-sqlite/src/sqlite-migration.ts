import type { SqlMigration } from '@svc/store-sql';

/** One step of SQLite's schema history (see SqlMigration, @svc/store-sql). */
export type SqliteMigration = SqlMigration;
