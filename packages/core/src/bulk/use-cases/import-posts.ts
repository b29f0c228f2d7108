import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import { type Actor, actorOwner, checkCanSchedule, useCase } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import type { PolicyIssue } from '../../policy/index.js';
import {
  type CreatePostsDeps,
  type CreatePostsOptions,
  createPosts,
  type DryRunPlan,
  dryRunCreate,
  startDryRun,
} from '../../posts/index.js';
import { approvalRequiredRefusal } from '../../teams/index.js';
import type { BulkRow } from '../parse-bulk-posts.js';

/** How to import: `dryRun` checks every row and writes nothing. */
export type ImportPostsOptions = {
  readonly dryRun: boolean;
  /** Refuse rows without a scheduledTime instead of publishing them on the next run. Default false. */
  readonly requireScheduledTime?: boolean;
};

/** What happened to one row of a bulk import (or would happen, in a dry run). */
export type BulkRowOutcome = {
  /** The row's place among the file's posts, from 1. */
  readonly row: number;
  readonly ok: boolean;
  /** The posts the row created, or those of the earlier request a replay answers with; none in a dry run. */
  readonly postIds?: readonly string[];
  readonly status?: 'scheduled';
  /** True when an earlier request with the row's externalId and content is answered again. */
  readonly replayed?: boolean;
  /** How many posts (one per target account) the row created or would create; 0 for a replay. */
  readonly posts?: number;
  readonly warnings?: readonly PolicyIssue[];
  /** Why the row was refused: the error creating the post alone would have answered with. */
  readonly error?: SvcError;
};

/** Counts of an import's rows and the posts they created or would create. */
export type BulkImportTotals = {
  readonly rows: number;
  readonly ok: number;
  readonly failed: number;
  readonly posts: number;
  readonly replayed: number;
};

/** The answer to a bulk import: every row's outcome, in file order, and the totals. */
export type BulkImportResult = {
  readonly dryRun: boolean;
  readonly rows: readonly BulkRowOutcome[];
  readonly totals: BulkImportTotals;
};

/**
 * Imports the rows of a bulk file (`parseBulkPosts`), each as one create request through the
 * checks of `createPosts`, one after the other: a refused row does not stop the others, and each
 * valid row is created on its own (a row with an `externalId` is idempotent, so the import can be
 * run again after a failure). A dry run performs every check that writes nothing (`dryRunCreate`)
 * and counts the quota the rows would use. Needs `post:write` and a plan that allows scheduling.
 */
export function importPosts(
  deps: CreatePostsDeps,
  actor: Actor,
  rows: readonly BulkRow[],
  options: ImportPostsOptions,
): ResultAsync<BulkImportResult, SvcError> {
  return useCase(actor, 'post:write', async (): Promise<Result<BulkImportResult, SvcError>> => {
    const plan = checkCanSchedule(actorOwner(actor), deps.clock.now());
    if (plan.isErr()) return err(plan.error);
    // Refused once for the whole file rather than on every row (each row would say the same).
    const mustAsk = await approvalRequiredRefusal(deps, actor);
    if (mustAsk !== null) return err(mustAsk);
    const create: CreatePostsOptions = { requireScheduledTime: options.requireScheduledTime ?? false };
    const dryRun = options.dryRun ? await startDryRun(deps, actor) : null;
    const outcomes: BulkRowOutcome[] = [];
    for (const row of rows) {
      outcomes.push(await outcomeOf(deps, actor, row, create, dryRun));
    }
    return ok({ dryRun: options.dryRun, rows: outcomes, totals: totalsOf(outcomes) });
  });
}

async function outcomeOf(
  deps: CreatePostsDeps,
  actor: Actor,
  row: BulkRow,
  options: CreatePostsOptions,
  dryRun: DryRunPlan | null,
): Promise<BulkRowOutcome> {
  if ('error' in row) return { row: row.row, ok: false, error: row.error };
  if (dryRun !== null) {
    const checked = await dryRunCreate(deps, actor, row.payload, options, dryRun);
    if (checked.isErr()) return { row: row.row, ok: false, error: checked.error };
    const { replayed, postIds, posts, warnings } = checked.value;
    return { row: row.row, ok: true, ...(replayed ? { postIds } : {}), replayed, posts, warnings };
  }
  const created = await createPosts(deps, actor, row.payload, options);
  if (created.isErr()) return { row: row.row, ok: false, error: created.error };
  const { postIds, replayed, warnings } = created.value;
  return {
    row: row.row,
    ok: true,
    postIds,
    status: 'scheduled',
    replayed,
    posts: replayed ? 0 : postIds.length,
    warnings,
  };
}

function totalsOf(outcomes: readonly BulkRowOutcome[]): BulkImportTotals {
  const ok = outcomes.filter((o) => o.ok);
  return {
    rows: outcomes.length,
    ok: ok.length,
    failed: outcomes.length - ok.length,
    posts: ok.reduce((sum, o) => sum + (o.posts ?? 0), 0),
    replayed: ok.filter((o) => o.replayed === true).length,
  };
}
