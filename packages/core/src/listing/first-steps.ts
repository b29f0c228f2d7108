import type { PublicPostStatus } from '../kernel/index.js';

/** One step of a new person's start: what to do, where, and whether it is done. */
export type FirstStep = {
  readonly key: 'connect' | 'compose' | 'schedule';
  readonly label: string;
  readonly href: string;
  readonly done: boolean;
};

/**
 * The start of a new person, connect → compose → schedule, each done from what their account
 * holds (a post in any status counts as composed; one scheduled, published or failed as
 * scheduled). Empty once every step is done, so the walk-through leaves by itself.
 */
export function firstSteps(account: {
  readonly connectedAccounts: number;
  readonly postCounts: Readonly<Record<PublicPostStatus, number>>;
}): FirstStep[] {
  const counts = account.postCounts;
  const composed = Object.values(counts).some((n) => n > 0);
  const scheduled = counts.scheduled + counts.posted + counts.failed > 0;
  const steps: FirstStep[] = [
    {
      key: 'connect',
      label: 'Connect an account',
      href: '/app/connections',
      done: account.connectedAccounts > 0,
    },
    { key: 'compose', label: 'Write your first post', href: '/app/compose', done: composed },
    { key: 'schedule', label: 'Schedule it', href: '/app/compose', done: scheduled },
  ];
  return steps.every((s) => s.done) ? [] : steps;
}
