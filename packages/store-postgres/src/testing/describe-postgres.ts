import type { Store } from '@svc/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openPostgresStore, type PostgresStoreOptions } from '../open-postgres-store.js';
import { createScratchDatabase, runSql, type ScratchDatabase } from './scratch-database.js';

/** The server the tests create their database on; any database there works for CREATE DATABASE. */
const ADMIN_URL_VARIABLE = 'SVC_TEST_POSTGRES_URL';
const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** A database of one test run, and fresh empty schemas in it. */
export type TestDatabase = {
  /** The connection string of the run's database (while its suite runs). */
  readonly url: () => string;
  /** Opens a store on a new, empty schema of the run's database (migrated unless told otherwise). */
  openStore(options?: Partial<PostgresStoreOptions>): Promise<Store>;
  /** Pool options that put connections in a new, empty schema of the run's database. */
  freshSchema(): Promise<NonNullable<PostgresStoreOptions['pool']>>;
};

/** Why PostgreSQL cannot be used, or null when it answers. */
async function unavailableBecause(adminUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Creates a database with a random name before the suite and drops it after. Each `openStore`
 * call gets a schema of its own in it, so every test starts empty without paying for a database.
 */
function useTestDatabase(adminUrl: string): TestDatabase {
  let database: ScratchDatabase | undefined;
  let schemas = 0;
  // A minute each: dropping a database of a few hundred schemas takes more than the default 10 s
  // hook timeout on a busy machine, and a slow drop is no failure of the suite.
  beforeAll(async () => {
    database = await createScratchDatabase(adminUrl);
  }, 60_000);
  afterAll(async () => {
    await database?.drop();
  }, 60_000);
  const runUrl = () => {
    if (database === undefined) throw new Error('The test database exists only while its suite runs.');
    return database.url;
  };
  const freshSchema = async () => {
    schemas += 1;
    const schema = `s${schemas}`;
    await runSql(runUrl(), `CREATE SCHEMA ${schema}`);
    return { options: `-c search_path=${schema}` };
  };
  return {
    url: runUrl,
    freshSchema,
    async openStore(options = {}) {
      const pool = { ...(await freshSchema()), ...options.pool };
      return openPostgresStore({ connectionString: runUrl(), ...options, pool });
    },
  };
}

/**
 * Declares a suite that needs PostgreSQL (await it at the top of a test file): `body` gets a
 * database of its own, created and dropped around the suite, on the server at
 * SVC_TEST_POSTGRES_URL (default: postgres@127.0.0.1:5432, trust auth). When that server does not
 * answer, the suite is skipped with the reason, except under CI, where it rejects: CI must prove
 * the PostgreSQL store works, never skip it.
 */
export async function describePostgres(title: string, body: (db: TestDatabase) => void): Promise<void> {
  const adminUrl = process.env[ADMIN_URL_VARIABLE] ?? DEFAULT_ADMIN_URL;
  const unavailable = await unavailableBecause(adminUrl);
  const ci = process.env.CI;
  if (unavailable !== null && ci !== undefined && ci !== '' && ci !== 'false') {
    throw new Error(`PostgreSQL is unreachable at ${adminUrl} under CI: ${unavailable}`);
  }
  describe(title, () => {
    if (unavailable !== null) {
      // Waits for a reachable PostgreSQL server (SVC_TEST_POSTGRES_URL); outside CI only, since
      // under CI the check above fails the run instead.
      it.skip(`needs PostgreSQL, unreachable at ${adminUrl} (${unavailable}); set ${ADMIN_URL_VARIABLE}`);
      return;
    }
    body(useTestDatabase(adminUrl));
  });
}
