import type { DomainEvent, DomainEventType } from '../journal/index.js';
import type { AutomationTemplate } from './automation-template.js';

/**
 * Where an automation stands: a `draft` watches nothing and sends nothing; a `live` one answers
 * the comments of its post; a `paused` one keeps its post but sends nothing until resumed.
 */
export type AutomationState = 'draft' | 'live' | 'paused';

/**
 * What an automation counts, each a running total: comments matched, replies sent, comments
 * skipped by reason, and comments it could not answer.
 */
export const AUTOMATION_COUNTERS = [
  'matched',
  'private_replies',
  'public_replies',
  /** The comment has none of the keywords. */
  'skipped_no_keyword',
  /** The comment has one of the excluded words. */
  'skipped_excluded',
  /** More than 7 days passed before it could be answered (Meta's private-reply window). */
  'skipped_too_old',
  /** Meta refused the reply for good (the commenter cannot be messaged, the comment is gone). */
  'failed',
] as const;

/** One of an automation's counters. */
export type AutomationCounter = (typeof AUTOMATION_COUNTERS)[number];

/** The totals of an automation's counters. */
export type AutomationCounts = Readonly<Record<AutomationCounter, number>>;

/** An Instagram comment automation: a template bound to one account and, once live, one post. */
export type Automation = {
  readonly id: string;
  readonly ownerId: string;
  /** The Instagram account (a connected account id) whose comments it answers. */
  readonly accountId: string;
  readonly template: AutomationTemplate;
  readonly state: AutomationState;
  /** The watched post (ours) and its Instagram media id; null for a draft. */
  readonly postId: string | null;
  readonly mediaId: string | null;
  /**
   * When it last went live (created live, or resumed); null for a draft. Comments made before are
   * not answered: a paused automation stays silent about what was said meanwhile.
   */
  readonly liveSince: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly counts: AutomationCounts;
};

/** Counters all at zero. */
export function zeroCounts(): AutomationCounts {
  return Object.fromEntries(AUTOMATION_COUNTERS.map((name) => [name, 0])) as Record<
    AutomationCounter,
    number
  >;
}

/** The journal's record of a change to an automation. */
export function automationEvent(type: DomainEventType, automation: Automation, at: Date): DomainEvent {
  return {
    type,
    at,
    ownerId: automation.ownerId,
    subjectId: automation.id,
    data: {
      platform: 'instagram',
      profileId: automation.accountId,
      postId: automation.postId,
      state: automation.state,
    },
  };
}
