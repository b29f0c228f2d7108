import type { PostingSchedule } from '../posting-schedule.js';

/** Storage of each account's weekly posting slots (one schedule per account, removed with it). */
export type PostingSlotStore = {
  /** The account's schedule as last replaced; null when none was ever set. */
  getPostingSchedule(accountId: string): Promise<PostingSchedule | null>;
  /** Replaces the account's schedule in one statement (an empty `slots` list is stored as such). */
  replacePostingSchedule(accountId: string, schedule: PostingSchedule, at: Date): Promise<void>;
};
