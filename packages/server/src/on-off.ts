import { z } from 'zod';

/**
 * An on/off environment variable: 1, on, true, yes or 0, off, false, no, in any case. Its message
 * completes "Invalid configuration: <VARIABLE> …", as every configuration message does.
 */
export function onOff() {
  return z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => ['1', '0', 'on', 'off', 'true', 'false', 'yes', 'no'].includes(v), 'must be on or off')
    .transform((v) => ['1', 'on', 'true', 'yes'].includes(v));
}
