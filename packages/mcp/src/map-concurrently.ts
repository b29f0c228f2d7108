/**
 * Maps `items` through `run` with at most `limit` runs in flight at once, answering in the
 * order of `items` (the order JSON-RPC batch answers keep). A run that rejects rejects the whole
 * map, as `Promise.all` would; runs already started are left to finish.
 */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await run(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}
