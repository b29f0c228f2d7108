import { z } from 'zod';

/** A list's answer: its items under the list's name, and how many there are. */
export type CountedList<K extends string, J> = { readonly [k in K]: J[] } & { readonly count: number };

/** The schema of a list's answer: `{ [name]: items, count }`. */
export function countedListSchema<K extends string, S extends z.ZodType>(name: K, item: S) {
  return z.object({ [name]: z.array(item), count: z.number().int() } as {
    [k in K]: z.ZodArray<S>;
  } & { count: z.ZodNumber });
}

/** Presents a list as its answer, each item by `present`. */
export function countedList<K extends string, T, J>(name: K, present: (item: T) => J) {
  return (items: readonly T[]): CountedList<K, J> =>
    ({ [name]: items.map(present), count: items.length }) as CountedList<K, J>;
}
