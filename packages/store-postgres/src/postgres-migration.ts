/**
 * One step of the schema's history. Never edit a migration that has shipped; add the next one.
 * `sql` may hold several statements but no transaction control: each migration runs inside its own
 * transaction, together with the row that records it.
 */
export type PostgresMigration = {
  /** Sortable and unique, `NNNN_what_it_does`; recorded in `schema_migrations` once applied. */
  readonly id: string;
  readonly sql: string;
};
