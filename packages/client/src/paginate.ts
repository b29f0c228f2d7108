/** One page of a list: its items and the cursor of the next page (null or absent on the last). */
export type Page<T> = { readonly items: readonly T[]; readonly nextCursor?: string | null | undefined };

/**
 * Every item of a cursor-paged list, fetching pages only as the caller iterates (breaking out of a
 * `for await` stops fetching). `fetchPage` gets undefined for the first page, then each
 * `nextCursor`. A cursor that comes back unchanged would loop forever, so it is an error.
 */
export async function* paginate<T>(
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    yield* page.items;
    const next = page.nextCursor ?? undefined;
    if (next === undefined || next === '') return;
    if (next === cursor) throw new Error(`The list answered the same cursor twice (${next}); stopping.`);
    cursor = next;
  }
}

/** `paginate` over a filtered list: each page is asked for with the filters and its cursor. */
export function paginateFiltered<F extends object, T>(
  filters: F,
  fetchPage: (query: F & { readonly cursor?: string }) => Promise<Page<T>>,
): AsyncGenerator<T, void, undefined> {
  return paginate((cursor) => fetchPage(cursor === undefined ? filters : { ...filters, cursor }));
}
