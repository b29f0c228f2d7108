import type { PublishStep } from '@svc/core';
import { classifyGraphFailure } from '../meta/classify-graph-failure.js';
import { GraphRequestError } from '../meta/graph-failure.js';
import { type FacebookStepInput, facebookContext } from './facebook-step-input.js';

/** The step a Graph refusal during a Facebook publish leads to; null for errors that are not Graph refusals. */
export function classifyFacebookFailure(error: unknown, input: FacebookStepInput): PublishStep | null {
  if (!(error instanceof GraphRequestError)) return null;
  const verdict = classifyGraphFailure(error.failure, facebookContext(input));
  // Container verdicts are Instagram's and Threads'; on Facebook such codes mean "not yet".
  if (verdict.kind === 'not_ready' || verdict.kind === 'new_container') {
    return { kind: 'retry', afterMs: 30_000, reason: 'Facebook was not ready for the next step yet.' };
  }
  if (verdict.kind === 'publish_again')
    return { kind: 'retry', afterMs: verdict.afterMs, reason: verdict.reason };
  return verdict;
}
