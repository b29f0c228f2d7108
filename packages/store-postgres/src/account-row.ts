import { ACCOUNT_COLUMNS, type AccountRowOf } from '@svc/store-sql';
import { PG_ROWS, type PgTypes, paramsIn } from './pg-values.js';

/**
 * A `connected_accounts` row as pg reads it (bigint arrives as text). Read as jsonb (together
 * with an automation), dates arrive as JSON text and bigint as a number, hence PgTypes' unions.
 */
export type AccountRow = AccountRowOf<PgTypes>;

const { accountToRow } = PG_ROWS;

/** The parameters that store an account, in ACCOUNT_COLUMNS order (@svc/store-sql). */
export const accountParams = paramsIn(ACCOUNT_COLUMNS, accountToRow);

/** The account a `connected_accounts` row holds. */
export const { rowToAccount } = PG_ROWS;
