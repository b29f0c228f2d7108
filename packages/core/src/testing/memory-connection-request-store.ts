import type { ConnectionRequest, ConnectionRequestStore } from '../accounts/index.js';
import { memoryTable } from './memory-table.js';

/** The ConnectionRequestStore of the memory store; `live` throws once the store is closed. */
export function createMemoryConnectionRequestStore(live: () => void): ConnectionRequestStore {
  const table = memoryTable<ConnectionRequest>(live, 'Connection request');
  const connectionRequests = table.rows;
  return {
    insertConnectionRequest: table.insert,
    getConnectionRequest: table.get,
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
