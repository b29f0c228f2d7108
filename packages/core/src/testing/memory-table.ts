import { copyOrNull, insertCopy } from './memory-copy.js';

/**
 * A memory table of values keyed by their id, with the insert and the get by id that the stores
 * of such values share: each checks `live` first, stores and answers copies, and the insert
 * refuses an id already stored (`what` names the value in the error). `rows` holds the values
 * themselves, for the store's other operations.
 */
export function memoryTable<T extends { readonly id: string }>(live: () => void, what: string) {
  const rows = new Map<string, T>();
  return {
    rows,
    async insert(value: T): Promise<void> {
      live();
      insertCopy(rows, what, value);
    },
    async get(id: string): Promise<T | null> {
      live();
      return copyOrNull(rows.get(id));
    },
  };
}
