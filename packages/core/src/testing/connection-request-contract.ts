import { describe, expect, it } from 'vitest';
import type { ConnectionRequest } from '../accounts/index.js';
import type { Store } from '../deps/index.js';

const T0 = new Date('2026-01-15T12:00:00.000Z');

/** A connection request as POST /api/v1/connections stores it. */
export function aConnectionRequest(overrides: Partial<ConnectionRequest> = {}): ConnectionRequest {
  return {
    id: 'conn_01JCONNECTREQUEST00000000',
    ownerId: 'user_01JOWNER000000000000000000',
    platform: 'instagram',
    nonce: 'n'.repeat(43),
    sealedCodeVerifier: 'sealed-verifier',
    createdAt: T0,
    expiresAt: new Date(T0.getTime() + 30 * 60_000),
    usedAt: null,
    accountIds: [],
    ...overrides,
  };
}

/** The connection-request part of the store contract; `store()` is the test's fresh store. */
export function describeConnectionRequestContract(store: () => Store): void {
  describe('connection requests', () => {
    it('round-trips a request', async () => {
      const request = aConnectionRequest();
      await store().connectionRequests.insertConnectionRequest(request);
      expect(await store().connectionRequests.getConnectionRequest(request.id)).toEqual(request);
      expect(await store().connectionRequests.getConnectionRequest('conn_missing')).toBeNull();
    });

    it('is spent once, however many callbacks race for it', async () => {
      const request = aConnectionRequest();
      await store().connectionRequests.insertConnectionRequest(request);
      const spent = await Promise.all([
        store().connectionRequests.spendConnectionRequest(request.id, T0),
        store().connectionRequests.spendConnectionRequest(request.id, T0),
      ]);
      expect(spent.sort()).toEqual([false, true]);
      expect((await store().connectionRequests.getConnectionRequest(request.id))?.usedAt).toEqual(T0);
      expect(await store().connectionRequests.spendConnectionRequest('conn_missing', T0)).toBe(false);
    });

    it('records the accounts a request connected', async () => {
      const request = aConnectionRequest();
      await store().connectionRequests.insertConnectionRequest(request);
      await store().connectionRequests.recordConnectedAccounts(request.id, ['acct_1', 'acct_2']);
      expect((await store().connectionRequests.getConnectionRequest(request.id))?.accountIds).toEqual([
        'acct_1',
        'acct_2',
      ]);
    });

    it('refuses a second request with the same id', async () => {
      const request = aConnectionRequest();
      await store().connectionRequests.insertConnectionRequest(request);
      await expect(store().connectionRequests.insertConnectionRequest(request)).rejects.toThrow();
    });
  });
}
