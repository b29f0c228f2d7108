import { MIGRATION_IDS } from './migration-ids.js';
import type { SqlMigration } from './sql-migration.js';

/**
 * A dialect's migrations in the order of MIGRATION_IDS, from the module that exports all of them
 * (its `migrations/index.ts`): the order is written once, there, and each dialect only registers
 * its files. Throws at load when a dialect lacks an id, has one twice or has one the list does not
 * know, so a half-registered migration never reaches a database.
 */
export function migrationsInOrder<M extends SqlMigration>(
  dialect: string,
  exported: Readonly<Record<string, M>>,
): readonly M[] {
  const migrations = Object.values(exported);
  const byId = new Map(migrations.map((m) => [m.id, m]));
  const known = new Set<string>(MIGRATION_IDS);
  const stray = migrations.filter((m) => !known.has(m.id)).map((m) => m.id);
  if (stray.length > 0) throw new Error(`${dialect} migrations not in MIGRATION_IDS: ${stray.join(', ')}.`);
  if (byId.size !== migrations.length) throw new Error(`${dialect} exports a migration id twice.`);
  return MIGRATION_IDS.map((id) => {
    const migration = byId.get(id);
    if (migration === undefined) throw new Error(`${dialect} has no migration ${id}.`);
    return migration;
  });
}
