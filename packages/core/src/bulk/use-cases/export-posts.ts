import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import type { Actor } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import {
  type ListPostsInput,
  listPostRecords,
  type PostRecordList,
  REST_LIST_POSTS_MAX,
} from '../../listing/index.js';
import type { BulkFormat } from '../parse-bulk-posts.js';
import { bulkCsvHeader, postsToCsv, postToBulkPayload } from '../posts-to-csv.js';

/** The filters of an export: those of the list, without paging (an export reads every page). */
export type ExportPostsInput = Omit<ListPostsInput, 'limit' | 'cursor'>;

/**
 * The actor's posts matching the list's filters, as the text of a bulk file that `parseBulkPosts`
 * reads back: CSV (header, then rows) or JSON (`{"posts":[…]}` of create payloads). The filters
 * and scope (`post:read`) are checked, and the first page read, before anything is yielded, so a
 * refused export fails as a whole; then the text comes one chunk per page of
 * `REST_LIST_POSTS_MAX` posts, newest first, for a response to stream.
 */
export function exportPosts(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  input: ExportPostsInput,
  format: BulkFormat,
): ResultAsync<AsyncIterable<string>, SvcError> {
  const page = (cursor: string | null) =>
    listPostRecords(
      deps,
      actor,
      { ...input, limit: REST_LIST_POSTS_MAX, cursor },
      { maxLimit: REST_LIST_POSTS_MAX },
    );
  return new ResultAsync(
    (async (): Promise<Result<AsyncIterable<string>, SvcError>> => {
      const first = await page(null);
      if (first.isErr()) return err(first.error);
      const next = async (cursor: string) => {
        const read = await page(cursor);
        // Later pages pass the checks the first passed; an error here is a fault, not an answer.
        if (read.isErr()) throw new Error(`Export page refused: ${read.error.message}`);
        return read.value;
      };
      return ok(chunks(first.value, next, format));
    })(),
  );
}

async function* chunks(
  first: PostRecordList,
  next: (cursor: string) => Promise<PostRecordList>,
  format: BulkFormat,
): AsyncGenerator<string> {
  let page = first;
  let index = 0;
  yield format === 'csv' ? bulkCsvHeader() : '{"posts":[';
  for (;;) {
    if (format === 'csv') {
      if (page.posts.length > 0) yield postsToCsv(page.posts);
    } else {
      const items = page.posts.map(
        (post) => `${index++ === 0 ? '' : ','}\n${JSON.stringify(postToBulkPayload(post))}`,
      );
      if (items.length > 0) yield items.join('');
    }
    if (page.nextCursor === null) break;
    page = await next(page.nextCursor);
  }
  if (format === 'json') yield '\n]}\n';
}
