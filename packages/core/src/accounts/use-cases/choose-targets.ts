import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorCanSeeAccount, actorWorkspaceId } from '../../identity/index.js';
import type { Platform } from '../../kernel/index.js';
import type { ConnectedAccount } from '../connected-account.js';

/** A platform on which the caller must pick accounts, with the accounts to pick from. */
export type AccountChoice = {
  readonly platform: Platform;
  readonly accounts: readonly { readonly id: string; readonly handle: string }[];
};

/** Where a post goes: explicit profile ids, every account on the platforms (null), or a question. */
export type TargetDecision =
  | { readonly kind: 'targets'; readonly profileIds: readonly string[] | null }
  | { readonly kind: 'choose'; readonly choices: readonly AccountChoice[] };

/**
 * The fan-out rule of `svc_schedule_post` (spec 4.2), for every surface where a person or an agent
 * picks accounts. Unlike REST, which fans out to every account, it asks when a platform has
 * several accounts, because a guess would post to the wrong audience: `profileIds` is the whole
 * target set, `allAccounts` opts in to fanning out, and a platform with exactly one account is
 * targeted directly.
 */
export async function chooseTargets(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  platforms: readonly Platform[],
  profileIds: readonly string[] | undefined,
  allAccounts: boolean,
): Promise<TargetDecision> {
  if (profileIds !== undefined) return { kind: 'targets', profileIds };
  if (allAccounts) return { kind: 'targets', profileIds: null };
  const visible = await visibleAccounts(deps, actor);
  const choices = platforms.flatMap((platform): AccountChoice[] => {
    const on = visible.filter((a) => a.platform === platform);
    return on.length > 1 ? [{ platform, accounts: on.map((a) => ({ id: a.id, handle: a.handle })) }] : [];
  });
  // With at most one account per platform, fanning out is targeting it directly; a platform with
  // none is left to the use case, which says how to connect one.
  return choices.length > 0 ? { kind: 'choose', choices } : { kind: 'targets', profileIds: null };
}

/** The active accounts the actor's key can see. */
export async function visibleAccounts(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
): Promise<ConnectedAccount[]> {
  const accounts = await deps.store.accounts.listActiveAccounts(actorWorkspaceId(actor));
  return accounts.filter((a) => actorCanSeeAccount(actor, a.id));
}
