import type { ConnectedAccount } from '../accounts/index.js';
import type { PostingSchedule, PostingSlotStore } from '../queue/index.js';
import { copy, copyOrNull } from './memory-copy.js';

/**
 * Posting slots in memory, with the SQL stores' behaviour: one schedule per account, and, like
 * their foreign key, none for an account that does not exist.
 */
export function createMemoryPostingSlotStore(
  live: () => void,
  accounts: ReadonlyMap<string, ConnectedAccount>,
  schedules: Map<string, PostingSchedule>,
): PostingSlotStore {
  return {
    async getPostingSchedule(accountId) {
      live();
      const schedule = schedules.get(accountId);
      return copyOrNull(schedule);
    },
    async replacePostingSchedule(accountId, schedule) {
      live();
      if (!accounts.has(accountId)) throw new Error(`No account ${accountId} to set posting slots on.`);
      schedules.set(accountId, copy(schedule));
    },
  };
}
