import type { ConnectionRequest, ConnectionRequestStore } from '../accounts/index.js';
import { copyOrNull, insertCopy } from './memory-copy.js';

/** The ConnectionRequestStore of the memory store; `live` throws once the store is closed. */
export function createMemoryConnectionRequestStore(live: () => void): ConnectionRequestStore {
  const connectionRequests = new Map<string, ConnectionRequest>();
  return {
    async insertConnectionRequest(request) {
      live();
      insertCopy(connectionRequests, 'Connection request', request);
    },
    async getConnectionRequest(id) {
      live();
      return copyOrNull(connectionRequests.get(id));
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
