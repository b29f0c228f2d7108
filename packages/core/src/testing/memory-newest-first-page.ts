/** Where a newest-first page of posts or assets ends: the last row's creation time and id. */
type Cursor = { readonly createdAt: Date; readonly id: string };

/**
 * One page of the matching rows, newest first (createdAt, then id, both descending), from after
 * `after`, as the SQL stores read posts and assets by keyset; `next` is null on the last page.
 */
export function newestFirstPage<R extends Cursor>(
  matching: readonly R[],
  after: Cursor | null,
  limit: number,
): { page: R[]; next: Cursor | null } {
  const listed = matching
    .filter(
      (r) =>
        after === null ||
        r.createdAt.getTime() < after.createdAt.getTime() ||
        (r.createdAt.getTime() === after.createdAt.getTime() && r.id < after.id),
    )
    .sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    );
  const page = listed.slice(0, Math.max(0, Math.floor(limit)));
  const last = page.at(-1);
  return {
    page,
    next:
      listed.length > page.length && last !== undefined ? { createdAt: last.createdAt, id: last.id } : null,
  };
}
