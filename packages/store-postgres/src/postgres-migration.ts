import type { SqlMigration } from '@svc/store-sql';

/** One step of PostgreSQL's schema history (see SqlMigration, @svc/store-sql). */
export type PostgresMigration = SqlMigration;
