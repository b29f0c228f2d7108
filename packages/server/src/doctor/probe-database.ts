import { join } from 'node:path';
import type { DatabaseState } from '@svc/core';
import { inspectPostgresDatabase } from '@svc/store-postgres';
import { pendingSqliteMigrationsAt } from '@svc/store-sqlite';
import type { Config } from '../config.js';
import { DATABASE_FILE } from '../open-services.js';
import { problemOf } from './problem-of.js';

/** What the database and its clock look like from here. */
export type DatabaseProbe = {
  readonly state: DatabaseState;
  /** The database server's clock minus ours (ms); null when there is none to compare with. */
  readonly clockSkewMs: number | null;
  /** Why there is no skew to report, for the clock check's message. */
  readonly clockUnavailable: string;
};

/** How long connecting to PostgreSQL may take before it counts as unreachable. */
const CONNECT_TIMEOUT_MS = 5000;

/** Opens the configured database read-only (SQLite) or with one short connection (PostgreSQL). */
export async function probeDatabase(config: Config): Promise<DatabaseProbe> {
  if (config.databaseUrl === null) {
    const location = join(config.dataDir, DATABASE_FILE);
    const clockUnavailable = 'No other clock to compare with: the SQLite database is a file on this machine';
    try {
      const pending = pendingSqliteMigrationsAt(location);
      return {
        state: { kind: 'sqlite', location, found: true, pending },
        clockSkewMs: null,
        clockUnavailable,
      };
    } catch (error) {
      const missing =
        (error as { code?: unknown }).code === 'SQLITE_CANTOPEN' || /does not exist/.test(String(error));
      return {
        state: { kind: 'sqlite', location, found: false, missing, problem: problemOf(error) },
        clockSkewMs: null,
        clockUnavailable,
      };
    }
  }
  const location = postgresLocation(config.databaseUrl);
  try {
    const inspection = await inspectPostgresDatabase(config.databaseUrl, {
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
    });
    return {
      state: { kind: 'postgres', location, found: true, pending: inspection.pending },
      clockSkewMs: inspection.clockSkewMs,
      clockUnavailable: '',
    };
  } catch (error) {
    return {
      state: { kind: 'postgres', location, found: false, missing: false, problem: problemOf(error) },
      clockSkewMs: null,
      clockUnavailable: 'PostgreSQL could not be reached to compare clocks with',
    };
  }
}

/** `host:port/database` of a connection string: what to name, without user or password. */
export function postgresLocation(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}
