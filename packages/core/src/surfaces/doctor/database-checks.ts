import { type DoctorCheck, doctorCheck } from './doctor-check.js';

/** What opening the database found, without changing it. */
export type DatabaseState = {
  readonly kind: 'sqlite' | 'postgres';
  /** The file, or PostgreSQL's host, port and database name (never its password). */
  readonly location: string;
} & (
  | { readonly found: true; readonly pending: readonly string[] }
  /** `missing`: a SQLite file that does not exist yet; else why it could not be opened. */
  | { readonly found: false; readonly missing: boolean; readonly problem: string }
);

/** Most migration ids a message names; the rest are counted. */
const NAMED_MIGRATIONS = 10;

const names = (ids: readonly string[]) =>
  ids.length <= NAMED_MIGRATIONS
    ? ids.join(', ')
    : `${ids.slice(0, NAMED_MIGRATIONS).join(', ')} and ${ids.length - NAMED_MIGRATIONS} more`;

/**
 * `database`: reachable and migrated. What is missing is a failure when processes would refuse to
 * start over it (SVC_MIGRATE_ON_START off) and a warning when the next start applies it, as during
 * an upgrade before the restart.
 */
export function databaseCheck(state: DatabaseState, migrateOnStart: boolean): DoctorCheck {
  const what =
    state.kind === 'sqlite' ? `The SQLite database ${state.location}` : `PostgreSQL at ${state.location}`;
  if (!state.found) {
    if (state.missing) {
      return doctorCheck(
        'database',
        migrateOnStart ? 'warn' : 'fail',
        migrateOnStart
          ? `${what} does not exist yet: the first start creates it, or run \`svc migrate\` now.`
          : `${what} does not exist: run \`svc migrate\` (SVC_MIGRATE_ON_START is off).`,
      );
    }
    const fix =
      state.kind === 'sqlite'
        ? 'check SVC_DATA_DIR and its permissions'
        : 'start PostgreSQL or fix DATABASE_URL';
    return doctorCheck('database', 'fail', `${what} cannot be opened (${state.problem}): ${fix}.`);
  }
  if (state.pending.length === 0)
    return doctorCheck('database', 'pass', `${what} is reachable and fully migrated.`);
  const pending = `${state.pending.length} migration(s) pending: ${names(state.pending)}`;
  return migrateOnStart
    ? doctorCheck(
        'database',
        'warn',
        `${what} has ${pending}. The next start applies them, or run \`svc migrate\` now.`,
      )
    : doctorCheck(
        'database',
        'fail',
        `${what} has ${pending}. Run \`svc migrate\`: with SVC_MIGRATE_ON_START off, processes refuse to start until then.`,
      );
}

/** Skew over this is worth a warning; over CLOCK_SKEW_FAIL_MS, a failure. */
export const CLOCK_SKEW_WARN_MS = 2_000;

/** Beyond this, posts go out visibly late or early and short leases expire as they are taken. */
export const CLOCK_SKEW_FAIL_MS = 30_000;

/**
 * `clock`: this machine's clock against the database server's (PostgreSQL's `now()`, measured at
 * the middle of the round trip), which every publisher and server sharing the database compares
 * due times with. `skewMs` null: there is no other clock to compare with (SQLite) or it could
 * not be read.
 */
export function clockSkewCheck(skewMs: number | null, unavailable: string): DoctorCheck {
  const ntp = 'keep the clocks synchronised with NTP (e.g. `timedatectl set-ntp true`)';
  if (skewMs === null) return doctorCheck('clock', 'skipped', `${unavailable}; ${ntp}.`);
  const seconds = (Math.abs(skewMs) / 1000).toFixed(1);
  const side = skewMs > 0 ? 'behind' : 'ahead of';
  const level =
    Math.abs(skewMs) > CLOCK_SKEW_FAIL_MS ? 'fail' : Math.abs(skewMs) > CLOCK_SKEW_WARN_MS ? 'warn' : 'pass';
  return level === 'pass'
    ? doctorCheck('clock', 'pass', `This machine's clock is within ${seconds} s of the database server's.`)
    : doctorCheck(
        'clock',
        level,
        `This machine's clock is ${seconds} s ${side} the database server's, so posts go out late or early: ${ntp}.`,
      );
}
