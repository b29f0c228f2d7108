/**
 * The webhook claim's slot of each delivery `d`, both dialects' rule: its rank among its
 * subscription's deliveries (oldest due first, then id) after the leases that subscription already
 * holds (`live.leases`, from the claim's `live` step). A claim leases the deliveries whose slot fits
 * its per-subscription bound; each dialect adds its own joins and conditions after this.
 */
export const DELIVERY_SLOTS_SQL = `SELECT d.id, d.next_attempt_at,
    row_number() OVER (PARTITION BY d.subscription_id ORDER BY d.next_attempt_at, d.id)
      + coalesce(live.leases, 0) AS slot
  FROM webhook_deliveries AS d`;
