import { err, ok, type Result } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';

/**
 * Checks an account limit given for a key or a member: null (every account), or at least one id,
 * each an active account of the workspace (a personal one has its user's id);
 * `invalid_profile_ids` otherwise. One rule for both, so a key never reaches further than a member.
 */
export async function checkAccountLimit(
  deps: Pick<CoreDeps, 'store'>,
  workspaceId: string,
  accountIds: readonly string[] | null,
): Promise<Result<string[] | null, SvcError>> {
  if (accountIds === null) return ok(null);
  const owned = new Set((await deps.store.accounts.listActiveAccounts(workspaceId)).map((a) => a.id));
  const foreign = accountIds.filter((id) => !owned.has(id));
  if (accountIds.length > 0 && foreign.length === 0) return ok([...new Set(accountIds)]);
  return err(
    svcError(
      'invalid_profile_ids',
      foreign.length > 0
        ? `Not an active account of this workspace: ${foreign.join(', ')}.`
        : 'An account limit needs at least one account id.',
      { field: 'accountIds' },
    ),
  );
}
