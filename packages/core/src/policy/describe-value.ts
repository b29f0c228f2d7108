/** A value as a refusal quotes it: a string quoted (cut at 40 characters), anything else by its type. */
export function describeValue(value: unknown): string {
  if (typeof value !== 'string') return `a value of type ${value === null ? 'null' : typeof value}`;
  const chars = [...value];
  return JSON.stringify(chars.length > 40 ? `${chars.slice(0, 39).join('')}…` : value);
}
