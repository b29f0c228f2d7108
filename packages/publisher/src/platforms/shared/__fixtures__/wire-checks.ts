/** A copy of a fixture's object without `field`, to show a schema needs it. */
export function without(value: unknown, field: string): Record<string, unknown> {
  const { [field]: _, ...rest } = value as Record<string, unknown>;
  return rest;
}

/** Whether the schema refuses the value. */
export function refuses(
  schema: { safeParse(value: unknown): { success: boolean } },
  value: unknown,
): boolean {
  return !schema.safeParse(value).success;
}
