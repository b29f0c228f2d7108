import { z } from 'zod';

/**
 * A whole-number environment variable from `min` to `max`. Its message completes "Invalid
 * configuration: <VARIABLE> …", as every configuration message does.
 */
export function wholeNumber(message: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return z
    .string()
    .trim()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);
}
