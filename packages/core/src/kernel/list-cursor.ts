import { err, ok, type Result } from 'neverthrow';
import { type SvcError, svcError } from './svc-error.js';

/** A position in a newest-first list: the last item of the previous page. */
export type ListCursor = { readonly createdAt: Date; readonly id: string };

/** Which page of a newest-first list a store reads (posts and media page alike). */
export type ListPageRequest = {
  /** At most this many items. */
  readonly limit: number;
  /** Items after this one in list order; null for the first page. */
  readonly after: ListCursor | null;
};

/**
 * The opaque cursor of a list position: base64url of `<createdAt ms>.<id>`. Posts and media page
 * with it, so every list of the API pages the same way.
 */
export function encodeListCursor(cursor: ListCursor): string {
  // btoa, not Buffer: the core runs without Node built-ins. The text is ASCII.
  return btoa(`${cursor.createdAt.getTime()}.${cursor.id}`)
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The list position a cursor names, or null for anything this service did not hand out. */
export function decodeListCursor(text: string): ListCursor | null {
  let decoded: string;
  try {
    decoded = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const match = /^(\d{1,15})\.([A-Za-z0-9_]{1,100})$/.exec(decoded);
  return match === null ? null : { createdAt: new Date(Number(match[1])), id: match[2] as string };
}

/**
 * The position a list request's `cursor` names: null without one (the first page), and
 * `validation_failed` on `cursor` for anything this service did not hand out.
 */
export function listCursorOf(cursor: string | null | undefined): Result<ListCursor | null, SvcError> {
  if (!cursor) return ok(null);
  const after = decodeListCursor(cursor);
  if (after !== null) return ok(after);
  return err(
    svcError('validation_failed', 'cursor is not one this service handed out. Start again without it.', {
      field: 'cursor',
    }),
  );
}
