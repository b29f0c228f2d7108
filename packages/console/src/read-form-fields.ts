/**
 * A group of Compose's text fields read with `get` (a form's value by name; null when absent),
 * each trimmed and empty when absent, keyed as `names` keys their form names.
 */
export function readFormFields<K extends string>(
  names: Readonly<Record<K, string>>,
  get: (name: string) => string | null,
): Record<K, string> {
  const fields = {} as Record<K, string>;
  for (const key of Object.keys(names) as K[]) fields[key] = (get(names[key]) ?? '').trim();
  return fields;
}
