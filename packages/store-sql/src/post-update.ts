import type { Post } from '@svc/core';
import type { Placeholder } from './placeholder.js';
import { POST_COLUMNS, type PostRowOf } from './post-row.js';
import type { SqlTypes } from './sql-codec.js';

/** A column a post write may set: every column but the key (`id`) and `version`, which the write bumps. */
export type WritablePostColumn = Exclude<(typeof POST_COLUMNS)[number], 'id' | 'version'>;

/** Every column a post write may set, in POST_COLUMNS order: the write of a post read nowhere. */
const WRITABLE_POST_COLUMNS: readonly WritablePostColumn[] = POST_COLUMNS.filter(
  (column): column is WritablePostColumn => column !== 'id' && column !== 'version',
);

/**
 * The columns whose value differs between the row a post was read as and the row it is written as,
 * in POST_COLUMNS order; every writable column when the row it was read as is not known. A write
 * names only these: SQLite decides at prepare time which indexes an UPDATE maintains from its SET
 * list, so a lifecycle step that leaves `status` alone does not rewrite the indexes keyed or
 * filtered on it.
 */
export function changedPostColumns<T extends SqlTypes>(
  before: PostRowOf<T> | undefined,
  after: PostRowOf<T>,
): readonly WritablePostColumn[] {
  if (before === undefined) return WRITABLE_POST_COLUMNS;
  return WRITABLE_POST_COLUMNS.filter((column) => !sameSqlValue(before[column], after[column]));
}

// Column values as the dialects bind them: primitives, Dates (PostgreSQL's timestamps) and lists
// of strings (PostgreSQL's text[]). Anything else counts as changed, which only costs a write.
function sameSqlValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => item === b[i]);
  }
  return false;
}

/**
 * `before` when it is `post` as read at `expectedVersion`, the row a partial write compares with;
 * undefined when it is another post's or another version's, which `PostStore.updatePost` ignores.
 */
export function beforeAtVersion(post: Post, expectedVersion: number, before?: Post): Post | undefined {
  return before?.id === post.id && before.version === expectedVersion ? before : undefined;
}

/**
 * The compare-and-set UPDATE of a post that sets `columns` only (and bumps `version`), returning
 * the stored row; it changes nothing when the stored version is no longer the expected one. Its
 * parameters are, in order: `id`, the columns, `expected_version`.
 */
export function updatePostSql(columns: readonly WritablePostColumn[], placeholder: Placeholder): string {
  const set = columns.map((column, i) => `${column} = ${placeholder(column, i + 1)}`);
  return `UPDATE posts
SET ${[...set, 'version = version + 1'].join(', ')}
WHERE id = ${placeholder('id', 0)} AND version = ${placeholder('expected_version', columns.length + 1)}
RETURNING *`;
}

/**
 * A statement per set of columns, built on first use and kept for the next write of the same
 * set. Lifecycle steps write a handful of sets; edits a few more. The bound keeps a caller that
 * writes ever new combinations from growing it without end (the oldest set is dropped).
 */
export function statementPerColumnSet<S>(
  build: (columns: readonly WritablePostColumn[]) => S,
  capacity = 64,
): (columns: readonly WritablePostColumn[]) => S {
  const built = new Map<string, S>();
  return (columns) => {
    const key = columns.join(',');
    const known = built.get(key);
    if (known !== undefined) return known;
    const statement = build(columns);
    if (built.size >= capacity) built.delete(built.keys().next().value as string);
    built.set(key, statement);
    return statement;
  };
}
