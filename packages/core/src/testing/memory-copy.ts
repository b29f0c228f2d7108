// Values are copied into and out of the memory store, so a caller can never change stored state by
// mutating what it holds, as it cannot with a database.

/** A deep copy of a value going into or out of the memory store. */
export const copy = <T>(value: T): T => structuredClone(value);

/** A copy of a stored value, or null when there is none (what a store's `get` answers). */
export const copyOrNull = <T>(value: T | undefined): T | null => (value === undefined ? null : copy(value));

/**
 * Stores a copy of a new value under its id, refusing an id already stored as a primary key would;
 * `what` names the value in the error.
 */
export function insertCopy<T extends { readonly id: string }>(
  table: Map<string, T>,
  what: string,
  value: T,
): void {
  if (table.has(value.id)) throw new Error(`${what} ${value.id} already exists.`);
  table.set(value.id, copy(value));
}
