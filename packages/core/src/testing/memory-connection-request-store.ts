import type { ConnectionRequest, ConnectionRequestStore } from '../accounts/index.js';

/** The ConnectionRequestStore of the memory store; `live` throws once the store is closed. */
export function createMemoryConnectionRequestStore(live: () => void): ConnectionRequestStore {
  const connectionRequests = new Map<string, ConnectionRequest>();
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    async insertConnectionRequest(request) {
      live();
      if (connectionRequests.has(request.id))
        throw new Error(`Connection request ${request.id} already exists.`);
      connectionRequests.set(request.id, copy(request));
    },
    async getConnectionRequest(id) {
      live();
      const request = connectionRequests.get(id);
      return request === undefined ? null : copy(request);
    },
    async spendConnectionRequest(id, at) {
      live();
      const request = connectionRequests.get(id);
      if (request === undefined || request.usedAt !== null) return false;
      connectionRequests.set(id, { ...request, usedAt: at });
      return true;
    },
    async recordConnectedAccounts(id, accountIds) {
      live();
      const request = connectionRequests.get(id);
      if (request !== undefined) connectionRequests.set(id, { ...request, accountIds: [...accountIds] });
    },
  };
}
