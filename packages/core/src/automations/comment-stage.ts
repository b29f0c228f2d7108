import type { AutomationCounter } from './automation.js';

/**
 * Where an inbox comment stands. The reply worker marks a reply before sending it, so a stage
 * ending in `_sending` read after a restart means "maybe sent: check before sending again".
 */
export type CommentStage =
  /** Not looked at yet. */
  | 'new'
  /** Matched by `automationId`; its private reply is about to be, or was, sent. */
  | 'private_sending'
  /** The private reply is recorded; the public reply is about to be, or was, sent. */
  | 'public_sending'
  /** Nothing more to do; `outcome` says why. */
  | 'done';

/** A counter of an automation to add one to. */
export type CounterIncrement = { readonly automationId: string; readonly counter: AutomationCounter };
