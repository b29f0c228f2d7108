// @svc/core/bulk — Bulk: CSV import of many posts in one request, and the export of posts as CSV.
// This file is the area's contract: other areas and packages import only what it exports.
export { csvLine } from './csv-line.js';
export {
  BULK_CSV_COLUMNS,
  BULK_MAX_ROWS,
  type BulkCsvColumn,
  type BulkFormat,
  type BulkRow,
  parseBulkPosts,
} from './parse-bulk-posts.js';
export { type CsvRecord, isBlankRecord, parseCsv } from './parse-csv.js';
export { type BulkPostPayload, bulkCsvHeader, postsToCsv, postToBulkPayload } from './posts-to-csv.js';
export { type ExportPostsInput, exportPosts } from './use-cases/export-posts.js';
export {
  type BulkImportResult,
  type BulkImportTotals,
  type BulkRowOutcome,
  type ImportPostsOptions,
  importPosts,
} from './use-cases/import-posts.js';
