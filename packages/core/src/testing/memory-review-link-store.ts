import type { ReviewLink, ReviewLinkDecision, ReviewLinkStore } from '../approvals/index.js';
import type { DomainEvent } from '../journal/index.js';

/** The ReviewLinkStore of the memory store; `live` throws once it is closed, `append` journals. */
export function createMemoryReviewLinkStore(
  live: () => void,
  append: (events: readonly DomainEvent[]) => void,
): ReviewLinkStore {
  const links = new Map<string, ReviewLink>();
  const decisions: ReviewLinkDecision[] = [];
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    async insertReviewLink(link) {
      live();
      if (links.has(link.id)) throw new Error(`Review link ${link.id} already exists.`);
      links.set(link.id, copy(link));
    },
    async getReviewLink(id) {
      live();
      const link = links.get(id);
      return link === undefined ? null : copy(link);
    },
    async listReviewLinks(ownerId) {
      live();
      return [...links.values()]
        .filter((l) => l.ownerId === ownerId)
        .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
        .map(copy);
    },
    async revokeReviewLink(ownerId, id, at) {
      live();
      const link = links.get(id);
      if (link === undefined || link.ownerId !== ownerId) return null;
      const revoked = { ...link, revokedAt: link.revokedAt ?? at };
      links.set(id, revoked);
      return copy(revoked);
    },
    async reviewDecisions(linkId) {
      live();
      return decisions.filter((d) => d.linkId === linkId).map(copy);
    },
    async recordReviewDecision(decision, events) {
      live();
      if (decisions.some((d) => d.linkId === decision.linkId && d.postId === decision.postId)) return false;
      decisions.push(copy(decision));
      append(events);
      return true;
    },
    async recordReviewEvents(events) {
      live();
      append(events);
    },
  };
}
