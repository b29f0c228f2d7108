import { z } from 'zod';

/** A query parameter of `true` or `false`, read as a boolean (left out: false). */
export function queryFlag(description: string) {
  return z
    .enum(['true', 'false'])
    .optional()
    .describe(description)
    .transform((value) => value === 'true');
}
