/** `convert(value)`, or SQL NULL for null: nullable columns stay NULL, never the JSON text `null`. */
export function orNull<A, B>(value: A | null, convert: (value: A) => B): B | null {
  return value === null ? null : convert(value);
}
