// The public API of @svc/store-postgres: every storage port of @svc/core on one PostgreSQL database.

export { inspectPostgresDatabase, type PostgresInspection } from './inspect-postgres-database.js';
export {
  migratePostgres,
  type PostgresMigrationReport,
  pendingPostgresMigrations,
} from './migrate-postgres.js';
export {
  openPostgresStore,
  type PostgresPoolOptions,
  type PostgresStoreOptions,
} from './open-postgres-store.js';
export type { PostgresMigration } from './postgres-migration.js';
export { POSTGRES_MIGRATIONS } from './postgres-migrations.js';
export {
  createPostgresPostsDueChannel,
  POSTS_DUE_CHANNEL,
  type PostgresPostsDueChannel,
  type PostgresPostsDueChannelOptions,
} from './postgres-posts-due-channel.js';
export {
  createPostgresWakeupChannel,
  type PostgresWakeupChannel,
  type PostgresWakeupChannelOptions,
  WAKEUP_CHANNELS,
  WAKEUP_LISTENER_NAME,
} from './postgres-wakeup-channel.js';
