/** Ids shorter than this are hidden whole: showing 4 + 4 characters of them would show most of it. */
const SHORTEST_SHOWN = 12;

/**
 * A payment-provider customer id as callers may see it: the first 4 and last 4 characters around
 * an ellipsis (`cus_…4242`), never the whole id; just `…` when the id is too short to keep
 * at least 4 characters hidden.
 */
export function truncateCustomerId(id: string): string {
  const chars = Array.from(id);
  if (chars.length < SHORTEST_SHOWN) return '…';
  return `${chars.slice(0, 4).join('')}…${chars.slice(-4).join('')}`;
}
