import pg from 'pg';

/**
 * The most statement texts one process names. Our statements are a fixed set of a few hundred;
 * past this many, a new text runs unnamed, so no connection ever holds an unbounded number.
 */
const MAX_NAMED_TEXTS = 1_000;
/**
 * Larger statements run unnamed: a multi-row INSERT of a bulk create has a text per row count and
 * thousands of parameters, and each connection would keep its plan for the life of the connection.
 */
const MAX_NAMED_PARAMETERS = 64;
const MAX_NAMED_TEXT_LENGTH = 8_192;

type Callback = (error: Error | null, result?: unknown) => void;
type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * A pg Client that runs every parameterised statement as a named prepared statement, so each
 * connection parses and plans a statement once instead of on every call (issue 34: PostgreSQL's
 * CPU per published post fell by about a third in `bench:scale-out`, since a publish is a dozen
 * short statements whose parse and plan cost more than running them). pg sends the Parse only the
 * first time a connection meets a name. Statements without parameters (BEGIN, COMMIT, migrations'
 * scripts) keep the simple protocol.
 *
 * A statement prepared before a migration changed its table's columns fails with "cached plan must
 * not change result type" (a fleet upgraded while old processes run): that text is then run
 * unnamed for the rest of the process, and the call is retried once unnamed, which succeeds
 * outside a transaction (inside one, the transaction fails once and its caller's retry succeeds).
 * Names are derived from a counter per process, not from the text, and each text keeps its name.
 */
export function preparingClient(): typeof pg.Client {
  const names = new Map<string, string | null>();
  const nameOf = (text: string): string | null => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (names.size >= MAX_NAMED_TEXTS) return null;
    const name = `svc_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  const plain = pg.Client.prototype.query as Query;

  class PreparingClient extends pg.Client {}
  PreparingClient.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
    const [text, values, callback] = args;
    const name =
      typeof text === 'string' &&
      Array.isArray(values) &&
      values.length <= MAX_NAMED_PARAMETERS &&
      text.length <= MAX_NAMED_TEXT_LENGTH
        ? nameOf(text)
        : null;
    if (name === null) return plain.apply(this, args);
    const stale = (error: unknown): boolean => {
      if (!isStalePlan(error)) return false;
      names.set(text as string, null);
      return true;
    };
    if (typeof callback === 'function') {
      return plain.call(this, { name, text, values }, ((error, result) => {
        if (error !== null && stale(error)) plain.call(this, text, values, callback);
        else (callback as Callback)(error, result);
      }) satisfies Callback);
    }
    return (plain.call(this, { name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      if (!stale(error)) throw error;
      return plain.call(this, text, values);
    });
  } as pg.Client['query'];
  return PreparingClient;
}

// PostgreSQL's feature_not_supported ("cached plan must not change result type") raised where it
// revalidates a cached plan: the statement's result columns changed. Told by the routine, not the
// message, which the server's lc_messages may translate.
function isStalePlan(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, routine } = error as { code?: unknown; routine?: unknown };
  return code === '0A000' && routine === 'RevalidateCachedQuery';
}
