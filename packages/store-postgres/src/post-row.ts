import { POST_COLUMNS, type PostRowOf } from '@svc/store-sql';
import { PG_ROWS, type PgTypes, paramsIn } from './pg-values.js';

/** A `posts` row as pg reads it. */
export type PostRow = PostRowOf<PgTypes>;

const { postToRow } = PG_ROWS;

/** The parameters that store a post, one per entry of POST_COLUMNS (@svc/store-sql), in that order. */
export const postParams = paramsIn(POST_COLUMNS, postToRow);

/** The post a row stores. */
export const { rowToPost } = PG_ROWS;
