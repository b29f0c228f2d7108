/**
 * A queue's order with one post moved a place earlier (`up`) or later (`down`), for `reorderQueue`
 * to put on the same slots. A post already at that end, or not in the order, leaves it as it is:
 * `reorderQueue` then answers for the order as it stands.
 */
export function queueWithMove(order: readonly string[], postId: string, direction: 'up' | 'down'): string[] {
  const next = [...order];
  const at = next.indexOf(postId);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= next.length) return next;
  [next[at], next[to]] = [next[to] as string, next[at] as string];
  return next;
}
