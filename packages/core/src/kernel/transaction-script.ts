/**
 * Transaction scripts written once. A store transaction (insert a batch of posts, approve a draft,
 * claim due posts …) is the same sequence of steps on every store: read the idempotency record,
 * check the quota, write the rows, append the journal. Core writes that sequence once, as a
 * generator that yields small calls (`yield* tx.quotaUsed(owner, windowStart)`), and each store
 * answers the calls inside its own transaction: SQLite and the memory store synchronously (a
 * better-sqlite3 transaction cannot await), PostgreSQL with awaits on one client. The dialects
 * keep only the small calls, which are SQL.
 */

type AnyFunction = (...args: never[]) => unknown;

/** One call a script asks its store to make: the name of a method of `Tx` and its arguments. */
export type ScriptCall<Tx> = {
  [K in keyof Tx]: Tx[K] extends AnyFunction ? { readonly op: K; readonly args: Parameters<Tx[K]> } : never;
}[keyof Tx];

/** A transaction script over the calls of `Tx`, answering `R`. */
export type TxScript<Tx, R> = Generator<ScriptCall<Tx>, R, unknown>;

/** The calls of `Tx` as steps a script takes with `yield*`, each giving back the call's answer. */
export type ScriptSteps<Tx> = {
  readonly [K in keyof Tx]: Tx[K] extends AnyFunction
    ? (...args: Parameters<Tx[K]>) => Generator<ScriptCall<Tx>, Awaited<ReturnType<Tx[K]>>, unknown>
    : never;
};

/** `Tx` with every call answered through a promise: what an asynchronous store implements. */
export type AsyncTx<Tx> = {
  readonly [K in keyof Tx]: Tx[K] extends AnyFunction
    ? (...args: Parameters<Tx[K]>) => Promise<Awaited<ReturnType<Tx[K]>>>
    : never;
};

/** The steps of `Tx` for scripts to `yield*`: `steps.quotaUsed(…)` yields `{ op: 'quotaUsed', args }`. */
export function scriptSteps<Tx>(): ScriptSteps<Tx> {
  return new Proxy({} as ScriptSteps<Tx>, {
    get: (_, op) =>
      function* (...args: unknown[]): Generator<unknown, unknown, unknown> {
        return yield { op, args };
      },
  });
}

function callOf<Tx>(tx: Tx, call: ScriptCall<Tx>): unknown {
  const method = tx[call.op as keyof Tx] as unknown as (...args: unknown[]) => unknown;
  return method.apply(tx, call.args as unknown[]);
}

/**
 * Runs a script against a store that answers at once (inside a synchronous transaction). A call
 * that answers with a promise is a store bug: the transaction would end before it settles.
 */
export function runScript<Tx, R>(script: TxScript<Tx, R>, tx: Tx): R {
  let next = script.next();
  while (!next.done) {
    const answer = callOf(tx, next.value);
    if (answer instanceof Promise) throw new Error(`${String(next.value.op)} answered asynchronously`);
    next = script.next(answer);
  }
  return next.value;
}

/** Runs a script against a store whose calls answer through promises (one client's transaction). */
export async function runScriptAsync<Tx, R>(script: TxScript<Tx, R>, tx: AsyncTx<Tx>): Promise<R> {
  let next = script.next();
  while (!next.done) next = script.next(await callOf(tx as unknown as Tx, next.value));
  return next.value;
}
