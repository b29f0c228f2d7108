/**
 * One step of the schema's history, in either dialect. Never edit a migration that has shipped;
 * add the next one. `sql` may hold several statements but no transaction control: each migration
 * runs inside its own transaction, together with the row that records it.
 */
export type SqlMigration = {
  /** Sortable and unique, `NNNN_what_it_does` (an id of MIGRATION_IDS); recorded in `schema_migrations` once applied. */
  readonly id: string;
  readonly sql: string;
};

/**
 * Refuses a list whose ids are not unique and ascending: a merge mistake, caught before touching
 * the database. `dialect` names it in the message.
 */
export function assertWellOrdered(dialect: string, migrations: readonly SqlMigration[]): void {
  for (let i = 1; i < migrations.length; i += 1) {
    const [before, current] = [migrations[i - 1], migrations[i]];
    if (before !== undefined && current !== undefined && before.id >= current.id) {
      throw new Error(`${dialect} migrations out of order: ${before.id} is listed before ${current.id}.`);
    }
  }
}
