/** A JSON object of a request body. */
export type JsonObject = Readonly<Record<string, unknown>>;

/** The value when it is a JSON object; null for an array, a scalar or null. */
export function jsonObjectOf(value: unknown): JsonObject | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
}

/** The JSON object a text holds; null when the text is not JSON or holds something else. */
export function parseJsonObject(text: string): JsonObject | null {
  try {
    return jsonObjectOf(JSON.parse(text));
  } catch {
    return null;
  }
}
