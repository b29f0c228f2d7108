import type { ConnectedAccount } from '../accounts/index.js';
import {
  type Automation,
  type AutomationCounter,
  type AutomationStore,
  type CommentJob,
  type CommentStage,
  type InboxComment,
  zeroCounts,
} from '../automations/index.js';
import type { DomainEvent } from '../journal/index.js';
import { copy } from './memory-copy.js';
import { heldBy, leaseAll, leaseFree, release } from './memory-lease.js';

type InboxRow = InboxComment & {
  stage: CommentStage;
  automationId: string | null;
  outcome: string | null;
  attempts: number;
  nextAt: Date;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  privateMarkedAt: Date | null;
};

/** What the memory automation store reads from the rest of the memory store. */
export type MemoryAutomationSources = {
  readonly live: () => void;
  readonly accounts: ReadonlyMap<string, ConnectedAccount>;
  /** Appends events to the journal (the memory store's journal). */
  readonly append: (events: readonly DomainEvent[]) => void;
};

/** The AutomationStore in memory, with the behaviour of the SQL stores (same contract suite). */
export function createMemoryAutomationStore(sources: MemoryAutomationSources): AutomationStore {
  const { live, append } = sources;
  const automations = new Map<string, Omit<Automation, 'counts'>>();
  const counts = new Map<string, Record<AutomationCounter, number>>();
  const inbox = new Map<string, InboxRow>();
  const withCounts = (a: Omit<Automation, 'counts'>): Automation => ({
    ...copy(a),
    counts: { ...(counts.get(a.id) ?? zeroCounts()) },
  });
  const jobOf = (row: InboxRow): CommentJob => {
    const {
      outcome: _o,
      nextAt: _n,
      leaseOwner: _l,
      leaseUntil: _u,
      privateMarkedAt: _p,
      ...job
    } = copy(row);
    return job;
  };

  return {
    async createAutomation(automation, events) {
      live();
      if (automations.has(automation.id)) throw new Error(`Automation ${automation.id} already exists.`);
      const { counts: _c, ...rest } = automation;
      automations.set(automation.id, copy(rest));
      counts.set(automation.id, { ...zeroCounts() });
      append(events);
    },
    async getAutomation(id) {
      live();
      const found = automations.get(id);
      return found === undefined ? null : withCounts(found);
    },
    async listAutomations(ownerId, accountIds) {
      live();
      return [...automations.values()]
        .filter((a) => a.ownerId === ownerId && (accountIds === null || accountIds.includes(a.accountId)))
        .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (x.id < y.id ? 1 : -1))
        .map(withCounts);
    },
    async updateAutomation(automation, events) {
      live();
      if (!automations.has(automation.id)) return false;
      const { counts: _c, ...rest } = automation;
      automations.set(automation.id, copy(rest));
      append(events);
      return true;
    },
    async deleteAutomation(id, events) {
      live();
      if (!automations.delete(id)) return false;
      counts.delete(id);
      append(events);
      return true;
    },
    async liveAutomations(igUserId, mediaId) {
      live();
      return [...automations.values()]
        .filter((a) => a.state === 'live' && a.mediaId === mediaId)
        .flatMap((a) => {
          const account = sources.accounts.get(a.accountId);
          return account !== undefined &&
            account.status === 'active' &&
            account.platform === 'instagram' &&
            account.platformAccountId === igUserId
            ? [{ automation: withCounts(a), account: copy(account) }]
            : [];
        })
        .sort(
          (x, y) =>
            x.automation.createdAt.getTime() - y.automation.createdAt.getTime() ||
            (x.automation.id < y.automation.id ? -1 : 1),
        );
    },
    async recordComments(comments) {
      live();
      let added = 0;
      for (const comment of comments) {
        if (inbox.has(comment.commentId)) continue;
        inbox.set(comment.commentId, {
          ...copy(comment),
          stage: 'new',
          automationId: null,
          outcome: null,
          attempts: 0,
          nextAt: new Date(comment.receivedAt),
          leaseOwner: null,
          leaseUntil: null,
          privateMarkedAt: null,
        });
        added += 1;
      }
      return added;
    },
    async claimComments({ now, leaseOwner, leaseUntil, limit }) {
      live();
      const due = [...inbox.values()]
        .filter((row) => row.stage !== 'done' && row.nextAt.getTime() <= now.getTime() && leaseFree(row, now))
        .sort((x, y) => x.nextAt.getTime() - y.nextAt.getTime() || (x.commentId < y.commentId ? -1 : 1))
        .slice(0, limit);
      return leaseAll(due, leaseOwner, leaseUntil).map(jobOf);
    },
    async advanceComment(advance) {
      live();
      const row = heldBy(inbox, advance.commentId, advance.leaseOwner);
      if (row === null) return false;
      if (advance.stage === 'private_sending' && row.stage !== 'private_sending') {
        row.privateMarkedAt = new Date(advance.at);
      }
      row.stage = advance.stage;
      row.automationId = advance.automationId;
      row.outcome = advance.outcome;
      if (advance.stage === 'done') {
        release(row);
      }
      for (const { automationId, counter } of advance.counters) {
        const totals = counts.get(automationId);
        if (totals !== undefined) totals[counter] += 1;
      }
      return true;
    },
    async deferComment(commentId, leaseOwner, until) {
      live();
      const row = heldBy(inbox, commentId, leaseOwner);
      if (row === null) return false;
      row.attempts += 1;
      row.nextAt = new Date(until);
      release(row);
      return true;
    },
    async privateRepliesSince(igUserId, since) {
      live();
      return [...inbox.values()].filter(
        (row) =>
          row.igUserId === igUserId &&
          row.privateMarkedAt !== null &&
          row.privateMarkedAt.getTime() >= since.getTime(),
      ).length;
    },
    async getComment(commentId) {
      live();
      const row = inbox.get(commentId);
      return row === undefined ? null : { ...jobOf(row), outcome: row.outcome };
    },
  };
}
