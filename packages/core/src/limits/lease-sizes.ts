/**
 * How one process leases a quota's budget from the shared counter (docs/rate-limits.md, "How it
 * counts"): in blocks, so a request is decided in memory and the store is written once a block.
 */
export type LeaseSizes = {
  /** The usual lease: a twentieth of the quota, at least 1. */
  readonly block: number;
  /**
   * Units a process may admit ahead of the lease that will count them (a fiftieth of the quota,
   * at least 1; 0 with a zero fraction): what each process can overshoot by, and what lets a
   * request pass without waiting for the store.
   */
  readonly advance: number;
  /** Once the unused credit falls below this (half a block), the next lease starts in the background. */
  readonly refillBelow: number;
};

/** Shares of the quota a limiter leases and admits in advance; tests and benchmarks may change them. */
export type LeaseFractions = {
  /** Of the quota, the usual lease (default 1/20). */
  readonly block?: number;
  /** Of the quota, what may be admitted ahead of its lease (default 1/50; 0: never, so never over). */
  readonly advance?: number;
};

/** The default shares: small enough to strand little in an idle process, big enough to write rarely. */
export const DEFAULT_LEASE_FRACTIONS: Required<LeaseFractions> = { block: 1 / 20, advance: 1 / 50 };

/** The lease sizes of `quota`. */
export function leaseSizes(quota: number, fractions: LeaseFractions = {}): LeaseSizes {
  const block = Math.max(1, Math.ceil(quota * (fractions.block ?? DEFAULT_LEASE_FRACTIONS.block)));
  const share = fractions.advance ?? DEFAULT_LEASE_FRACTIONS.advance;
  return {
    block,
    advance: share > 0 ? Math.max(1, Math.ceil(quota * share)) : 0,
    refillBelow: Math.ceil(block / 2),
  };
}

/**
 * Units the next lease asks for: what was admitted in advance (the debt, a negative `available`),
 * plus a block that shrinks to a quarter of what the counter has left, so little budget is
 * stranded in processes that go quiet near the end of the quota; or, when more is waiting, all of
 * it at once.
 *
 * @param known the counter after this process's last lease, at most the quota
 * @param available units leased and not used, minus those admitted in advance (signed)
 * @param waiting units of requests waiting for this lease
 */
export function leaseAsk(
  sizes: LeaseSizes,
  quota: number,
  known: number,
  available: number,
  waiting: number,
): number {
  const debt = Math.max(0, -available);
  const block = Math.min(sizes.block, Math.max(1, Math.ceil((quota - known) / 4)));
  return Math.max(debt + block, waiting - available);
}

/**
 * Units of a lease of `ask` that the counter granted, from its count after the lease: what was
 * left of the quota before it, up to the ask. Every lease adds its whole ask, so the grants of
 * all processes together come to at most the quota.
 */
export function leaseGrant(quota: number, count: number, ask: number): number {
  return Math.min(ask, Math.max(0, quota - (count - ask)));
}
