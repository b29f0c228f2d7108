import { z } from 'zod';

/** The answer of a list without a count: `{ [name]: items }`, with one item as its example. */
export function listAnswer<K extends string, S extends z.ZodType>(
  name: K,
  item: S,
  description: string,
  example: unknown,
) {
  return {
    description,
    schema: z.object({ [name]: z.array(item) } as { [k in K]: z.ZodArray<S> }),
    example: { [name]: [example] },
  };
}
