/** Where a surface reports the faults and refusals it answers with a generic reply; a pino logger fits it. */
export type SurfaceLogger = {
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
};
