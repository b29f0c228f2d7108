// The leases of the memory store's job rows (metric collections, inbox comments, webhook
// deliveries), kept as the databases keep them in `lease_owner` and `lease_until`.

/** A row a worker leases: who holds it and until when, both null when no one does. */
export type Leasable = { leaseOwner: string | null; leaseUntil: Date | null };

/** Whether a claim may take the row at `now`: it has no lease, or its lease has run out. */
export function leaseFree(row: Leasable, now: Date): boolean {
  return row.leaseUntil === null || row.leaseUntil.getTime() <= now.getTime();
}

/** Leases the claimed rows to `leaseOwner` until `leaseUntil`; answers them. */
export function leaseAll<R extends Leasable>(rows: R[], leaseOwner: string, leaseUntil: Date): R[] {
  for (const row of rows) {
    row.leaseOwner = leaseOwner;
    row.leaseUntil = new Date(leaseUntil);
  }
  return rows;
}

/** The row under `key` while `leaseOwner` holds it, else null: a worker that lost its lease writes nothing. */
export function heldBy<R extends Leasable>(
  rows: ReadonlyMap<string, R>,
  key: string,
  leaseOwner: string,
): R | null {
  const row = rows.get(key);
  return row !== undefined && row.leaseOwner === leaseOwner ? row : null;
}

/** Ends the row's lease, so the next claim may take it. */
export function release(row: Leasable): void {
  row.leaseOwner = null;
  row.leaseUntil = null;
}
