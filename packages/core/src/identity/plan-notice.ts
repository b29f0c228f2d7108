import { isEntitled } from './entitlements.js';
import { trialStateAt } from './trial-state.js';
import type { User } from './user.js';

/**
 * A piece of a notice: words, an instant (each surface writes it in the reader's time zone), or a
 * command to type as it stands.
 */
export type NoticePart = string | { readonly at: Date } | { readonly command: string };

/** One sentence of a notice, in pieces. */
export type NoticeLine = readonly NoticePart[];

/** What a person is told about their plan, when there is something to tell. */
export type PlanNotice = {
  /** `trial`: everything works until the trial ends; `lapsed`: creating anything is refused now. */
  readonly kind: 'trial' | 'lapsed';
  readonly title: string;
  readonly lines: readonly NoticeLine[];
};

/**
 * What the person should know about their plan at `now`: how long a trial lasts and what happens
 * after it, or, once it lapsed, what still works, what does not and whom to ask. Null when nothing
 * is limited (a paid plan, a beta tester). On a self-hosted server nobody buys a plan: the
 * operator changes it with `svc users set-plan`, so that is what the notice points to.
 */
export function planNotice(user: User, now: Date): PlanNotice | null {
  if (isEntitled(user, now)) {
    const trial = trialStateAt(user.plan, now);
    if (user.betaTester || trial.state !== 'active' || user.plan.kind !== 'trial') return null;
    return {
      kind: 'trial',
      title: 'Your trial',
      lines: [
        [
          `${trial.daysLeft} ${trial.daysLeft === 1 ? 'day' : 'days'} left: your trial ends on `,
          { at: user.plan.endsAt },
          '.',
        ],
        [
          'When it ends, you can still read your posts, accounts, media and analytics, but scheduling posts, uploading media and agent tools stop until the operator of this server changes your plan with ',
          { command: 'svc users set-plan' },
          '.',
        ],
      ],
    };
  }
  const ended: NoticeLine =
    user.plan.kind === 'trial'
      ? ['Your trial ended on ', { at: user.plan.endsAt }, '.']
      : ['The operator of this server set your plan to expired.'];
  return {
    kind: 'lapsed',
    title: user.plan.kind === 'trial' ? 'Your trial has ended' : 'Your plan has expired',
    lines: [
      ended,
      ['Still works: reading your posts, accounts, media and analytics, here and through the REST API.'],
      [
        'Stopped: scheduling posts (drafts and review requests too), uploading or importing media, and agent tools.',
      ],
      [
        'To lift this, ask the operator of this server to change your plan. They run ',
        { command: `svc users set-plan --email ${user.email} --plan paid` },
        '.',
      ],
    ],
  };
}
