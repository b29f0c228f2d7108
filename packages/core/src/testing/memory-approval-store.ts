import { type Approval, type ApprovalStore, advancedApproval, decidedApproval } from '../approvals/index.js';
import { copy } from './memory-copy.js';
import { memoryTable } from './memory-table.js';

/** The memory ApprovalStore, and a synchronous look at one approval for the post store's transactions. */
export type MemoryApprovalStore = ApprovalStore & {
  /** The stored approval (not a copy: for the memory store's own atomic operations only). */
  peek(id: string): Approval | undefined;
  /** Replaces a stored approval (same caveat). */
  put(approval: Approval): void;
  /** Removes the approvals of these posts (the purge of soft-deleted posts); how many went. */
  forgetPosts(postIds: ReadonlySet<string>): number;
};

/** The ApprovalStore of the memory store; `live` throws once the store is closed. */
export function createMemoryApprovalStore(live: () => void): MemoryApprovalStore {
  const table = memoryTable<Approval>(live, 'Approval');
  const approvals = table.rows;
  return {
    peek: (id) => approvals.get(id),
    put: (approval) => {
      approvals.set(approval.id, approval);
    },
    forgetPosts: (postIds) => {
      let removed = 0;
      for (const [id, approval] of approvals) {
        if (postIds.has(approval.postId) && approvals.delete(id)) removed += 1;
      }
      return removed;
    },
    insertApproval: table.insert,
    getApproval: table.get,
    async getLatestForPost(postId) {
      live();
      let latest: Approval | null = null;
      for (const a of approvals.values()) {
        if (a.postId !== postId) continue;
        const newer =
          latest === null ||
          a.requestedAt.getTime() > latest.requestedAt.getTime() ||
          (a.requestedAt.getTime() === latest.requestedAt.getTime() && a.id > latest.id);
        if (newer) latest = a;
      }
      return latest === null ? null : copy(latest);
    },
    async decideApproval(id, decision) {
      live();
      const approval = approvals.get(id);
      const decided = approval === undefined ? null : decidedApproval(approval, decision);
      if (decided === null) return null;
      approvals.set(id, decided);
      return copy(decided);
    },
    async advanceApproval(id, step, steps) {
      live();
      const approval = approvals.get(id);
      const advanced = approval === undefined ? null : advancedApproval(approval, step, [...steps]);
      if (advanced === null) return null;
      approvals.set(id, advanced);
      return copy(advanced);
    },
  };
}
