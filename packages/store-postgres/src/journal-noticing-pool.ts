import type pg from 'pg';

// Every statement that appends to the journal names the table this way (`withEvents`,
// `appendEvents`); a new kind of append must keep it, or its followers wait for their poll.
const APPENDS = /\bINSERT\s+INTO\s+events\b/i;

function textOf(query: unknown): string {
  if (typeof query === 'string') return query;
  if (typeof query === 'object' && query !== null && 'text' in query && typeof query.text === 'string') {
    return query.text;
  }
  return '';
}

/**
 * Wraps the stores' pool so `onAppended` runs once events are committed: after a single statement
 * that appended (it commits on its own), or after the COMMIT of a transaction that appended (not
 * after a rollback). Told after the commit, from the application, rather than by a NOTIFY inside
 * the writing transaction: PostgreSQL serialises the commits of every transaction that sent a
 * NOTIFY behind one cluster-wide lock, which cut concurrent appends to a quarter (measured with
 * eight writers: about 200 commits a second against 700–900 without).
 */
export function journalNoticingPool(pool: pg.Pool, onAppended: () => void): pg.Pool {
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'query') {
        return async (...args: Parameters<pg.Pool['query']>) => {
          const result = await (target.query as (...a: unknown[]) => Promise<unknown>)(...args);
          if (APPENDS.test(textOf(args[0]))) onAppended();
          return result;
        };
      }
      if (property === 'connect') {
        return async () => noticingClient(await target.connect(), onAppended);
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

// A checked-out client: remembers whether its transaction appended, and tells after its COMMIT.
function noticingClient(client: pg.PoolClient, onAppended: () => void): pg.PoolClient {
  let appended = false;
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return async (...args: Parameters<pg.PoolClient['query']>) => {
          const text = textOf(args[0]);
          const ending = /^\s*(COMMIT|ROLLBACK|BEGIN)\b/i.exec(text)?.[1]?.toUpperCase();
          const result = await (target.query as (...a: unknown[]) => Promise<unknown>)(...args);
          if (ending === undefined) {
            if (APPENDS.test(text)) appended = true;
          } else {
            if (ending === 'COMMIT' && appended) onAppended();
            appended = false;
          }
          return result;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
