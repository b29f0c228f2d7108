import type { ToolAnnotations } from '../tool-definition.js';

/** The spec's "Read-only" flag: reads the caller's own data, changes nothing. */
export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** The spec's "Write" flag: adds records, removes none; repeating it adds more. */
export const WRITE: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: true,
};

/** "Write, Idempotent": repeating the call with the same arguments has no further effect. */
export const WRITE_IDEMPOTENT: ToolAnnotations = { ...WRITE, idempotentHint: true };

/** "Write, Destructive, Idempotent": removes what the caller had; repeating it removes nothing more. */
export const DESTRUCTIVE: ToolAnnotations = { ...WRITE, destructiveHint: true, idempotentHint: true };
