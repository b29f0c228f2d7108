export { MIGRATION_IDS, type MigrationId } from './migration-ids.js';
