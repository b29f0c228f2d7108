import type { LeaseClaim } from '../kernel/index.js';
import type { Post } from './post.js';
import { type PostChange, transition } from './post-state-machine.js';

/**
 * The claims a store makes of the candidates it read (oldest due first): at most `limit`, none
 * that would put an account over `perAccountLimit`, each through the `claim` transition with its
 * journal events. Every store writes what this returns, so they agree.
 */
export function claimChanges(candidates: readonly Post[], request: ClaimRequest): PostChange[] {
  return admitClaims(candidates, request).flatMap((post) => {
    const claimed = transition(post, {
      type: 'claim',
      at: request.now,
      leaseOwner: request.leaseOwner,
      leaseUntil: request.leaseUntil,
    });
    // The stores select what the state machine lets a publisher claim; should the rules ever
    // refuse a row, it stays where it is.
    return claimed.isOk() ? [claimed.value] : [];
  });
}

/** A lease request of the publisher: posts are a leased queue like the others. */
export type ClaimRequest = LeaseClaim & {
  /**
   * Per-account admission (both optional, for publishers that limit publishes per account): at
   * most `perAccountLimit` posts per account in the claimer's hands, counting the publishes it
   * already holds (`accountsInFlight`, by account id). Posts beyond that are passed over and stay
   * in the queue for another publisher, instead of waiting leased in a busy one's memory.
   */
  readonly perAccountLimit?: number;
  readonly accountsInFlight?: ReadonlyMap<string, number>;
};

/** How many due posts a claim reads to find `limit` it may take when accounts are limited. */
export function claimCandidateCount(request: ClaimRequest): number {
  const limit = Math.max(0, Math.floor(request.limit));
  return request.perAccountLimit === undefined ? limit : limit * 4;
}

/**
 * The accounts a claim passes over in its query: those already holding `perAccountLimit` posts in
 * the claimer's hands (none when accounts are not limited).
 */
export function accountsAtLimit(request: ClaimRequest): string[] {
  const perAccount = request.perAccountLimit;
  if (perAccount === undefined) return [];
  return [...(request.accountsInFlight ?? [])].flatMap(([account, count]) =>
    count >= perAccount ? [account] : [],
  );
}

/**
 * The candidates (oldest due first) a claim takes: at most `limit`, and none that would put an
 * account over `perAccountLimit`. Every store applies it to the rows it read, so they agree.
 */
export function admitClaims<T extends { readonly profileIds: readonly string[] }>(
  candidates: readonly T[],
  request: ClaimRequest,
): T[] {
  const limit = Math.max(0, Math.floor(request.limit));
  const perAccount = request.perAccountLimit;
  if (perAccount === undefined) return candidates.slice(0, limit);
  const held = new Map(request.accountsInFlight ?? []);
  const admitted: T[] = [];
  for (const post of candidates) {
    if (admitted.length >= limit) break;
    const account = post.profileIds[0] ?? '';
    const count = held.get(account) ?? 0;
    if (count >= perAccount) continue;
    held.set(account, count + 1);
    admitted.push(post);
  }
  return admitted;
}
