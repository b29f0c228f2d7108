import type { PlatformMeta } from '../policy/index.js';
import type { Post } from '../posts/index.js';
import { csvLine } from './csv-line.js';
import { BULK_CSV_COLUMNS, type BulkCsvColumn } from './parse-bulk-posts.js';

/** A post as a bulk import reads it back: the payload fields of its row (spec 2.2). */
export type BulkPostPayload = {
  readonly caption: string;
  readonly platforms: readonly string[];
  readonly profileIds: readonly string[];
  readonly scheduledTime: string | null;
  readonly mediaUrls?: readonly string[];
  readonly mediaIds?: readonly string[];
  readonly title: string | null;
  readonly category: string | null;
  readonly externalId: string | null;
  readonly platformMeta: PlatformMeta | null;
};

/**
 * The payload that creates a post like this one again: its caption, targets, time and media. A
 * slide the service converted or padded for a platform is exported as the user's original, so a
 * re-import prepares it afresh. Status, id and publishing results are not part of a payload.
 */
export function postToBulkPayload(post: Post): BulkPostPayload {
  const mediaIds = post.media.flatMap((m) => (m.kind === 'asset' ? [m.derivedFrom ?? m.mediaId] : []));
  const mediaUrls = post.media.flatMap((m) => (m.kind === 'link' ? [m.url] : []));
  return {
    caption: post.caption,
    platforms: [...post.platforms],
    profileIds: [...post.profileIds],
    scheduledTime: post.scheduledTime?.toISOString() ?? null,
    ...(mediaUrls.length > 0 ? { mediaUrls } : {}),
    ...(mediaIds.length > 0 ? { mediaIds } : {}),
    title: post.title,
    category: post.category,
    externalId: post.externalId,
    platformMeta: post.platformMeta,
  };
}

/** The CSV header row of a bulk file, every column in `BULK_CSV_COLUMNS` order. */
export function bulkCsvHeader(): string {
  return csvLine(BULK_CSV_COLUMNS);
}

/**
 * Posts as rows of a bulk CSV (the columns `parseBulkPosts` reads, so an export can be imported
 * again), with the header first when asked. Lists are joined with `|`, the one separator no id,
 * platform or link holds.
 */
export function postsToCsv(posts: readonly Post[], options: { readonly header?: boolean } = {}): string {
  const rows = posts.map((post) => csvLine(BULK_CSV_COLUMNS.map((c) => cellOf(postToBulkPayload(post), c))));
  return `${options.header === true ? bulkCsvHeader() : ''}${rows.join('')}`;
}

function cellOf(payload: BulkPostPayload, column: BulkCsvColumn): string {
  switch (column) {
    case 'platforms':
    case 'profileIds':
    case 'mediaUrls':
    case 'mediaIds':
      return (payload[column] ?? []).join('|');
    case 'platformMeta':
      return payload.platformMeta === null ? '' : JSON.stringify(payload.platformMeta);
    // Requests, not properties of a post: an exported post keeps its time.
    case 'allowDuplicate':
    case 'queue':
      return '';
    default:
      return payload[column] ?? '';
  }
}
