import type { CoreDeps } from '../../deps/index.js';
import type { Platform } from '../../kernel/index.js';
import type { ProbedAccount } from './platform-probe.js';

/**
 * A person's active accounts on a platform with their unsealed credentials, for the probes to
 * read their grants. Accounts without stored credentials are left out.
 */
export async function probedAccountsOf(
  deps: Pick<CoreDeps, 'store' | 'secretBox'>,
  ownerId: string,
  platform: Platform,
): Promise<ProbedAccount[]> {
  const accounts = await deps.store.accounts.listActiveAccounts(ownerId);
  return accounts.flatMap((account) =>
    account.platform !== platform || account.sealedCredentials === null
      ? []
      : [
          {
            handle: account.handle,
            credentials: JSON.parse(deps.secretBox.open(account.sealedCredentials)) as Record<
              string,
              unknown
            >,
          },
        ],
  );
}
