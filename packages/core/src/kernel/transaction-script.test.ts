import { describe, expect, it } from 'vitest';
import { type AsyncTx, runScript, runScriptAsync, scriptSteps, type TxScript } from './transaction-script.js';

type CounterTx = {
  read(key: string): number;
  write(key: string, value: number): void;
};
const tx = scriptSteps<CounterTx>();

/** Adds `by` to a counter unless it would pass `limit`; answers the new value or null. */
function* addWithin(key: string, by: number, limit: number): TxScript<CounterTx, number | null> {
  const current = yield* tx.read(key);
  if (current + by > limit) return null;
  yield* tx.write(key, current + by);
  return current + by;
}

function memoryCounters(values: Map<string, number>, log: string[]): CounterTx {
  return {
    read: (key) => {
      log.push(`read ${key}`);
      return values.get(key) ?? 0;
    },
    write: (key, value) => {
      log.push(`write ${key}=${value}`);
      values.set(key, value);
    },
  };
}

describe('transaction scripts', () => {
  it('a synchronous store answers each call in order and the script decides', () => {
    const values = new Map([['a', 3]]);
    const log: string[] = [];
    expect(runScript(addWithin('a', 2, 10), memoryCounters(values, log))).toBe(5);
    expect(runScript(addWithin('a', 9, 10), memoryCounters(values, log))).toBeNull();
    expect(log).toEqual(['read a', 'write a=5', 'read a']);
    expect(values.get('a')).toBe(5);
  });

  it('an asynchronous store runs the very same script with awaits', async () => {
    const values = new Map<string, number>();
    const log: string[] = [];
    const sync = memoryCounters(values, log);
    const remote: AsyncTx<CounterTx> = {
      read: async (key) => sync.read(key),
      write: async (key, value) => sync.write(key, value),
    };
    await expect(runScriptAsync(addWithin('b', 4, 4), remote)).resolves.toBe(4);
    await expect(runScriptAsync(addWithin('b', 1, 4), remote)).resolves.toBeNull();
    expect(log).toEqual(['read b', 'write b=4', 'read b']);
  });

  it('a synchronous run refuses a call that answers with a promise', () => {
    const broken = { read: async () => 1, write: () => {} } as unknown as CounterTx;
    expect(() => runScript(addWithin('c', 1, 5), broken)).toThrow('read answered asynchronously');
  });

  it('an error thrown by a call reaches the store, which rolls its transaction back', () => {
    const failing: CounterTx = {
      read: () => 0,
      write: () => {
        throw new Error('disk full');
      },
    };
    expect(() => runScript(addWithin('d', 1, 5), failing)).toThrow('disk full');
  });
});
