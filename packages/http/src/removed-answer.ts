import { z } from 'zod';

/**
 * The answer of an operation that removes something: its id and the flag saying what happened to
 * it (`deleted`, `revoked`), with an example when an id is given.
 */
export function removedAnswer<F extends string>(flag: F, description: string, exampleId?: string) {
  return {
    description,
    schema: z.object({ id: z.string(), [flag]: z.literal(true) } as {
      id: z.ZodString;
    } & { [k in F]: z.ZodLiteral<true> }),
    ...(exampleId === undefined ? {} : { example: { id: exampleId, [flag]: true } }),
  };
}
