import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database made for one run, and how to get rid of it. */
export type ScratchDatabase = {
  /** Its connection string. */
  readonly url: string;
  /** Drops it, ending any connection still open on it. */
  drop(): Promise<void>;
};

/** Runs one statement on its own connection to `url`. */
export async function runSql(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates an empty database with a random `svc_<purpose>_…` name on the server of `adminUrl`. */
export async function createScratchDatabase(adminUrl: string, purpose = 'test'): Promise<ScratchDatabase> {
  const name = `svc_${purpose}_${randomBytes(6).toString('hex')}`;
  await runSql(adminUrl, `CREATE DATABASE ${name}`);
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${name}`;
  return {
    url: parsed.toString(),
    // FORCE ends connections a failed run left open.
    drop: () => runSql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
