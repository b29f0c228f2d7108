import type { SvcError } from '../kernel/index.js';
import { ERROR_SENTENCES } from './error-sentences.js';
import { pastTimeSentence } from './zone-words.js';

// Codes whose use-case message is written for API callers (it names payload fields or echoes
// ids): a person is told the vocabulary's sentence instead. The others already speak plainly and
// carry specifics (sizes, names, how long to wait) worth keeping.
const WORDED_FOR_CALLERS = new Set<SvcError['code']>([
  'invalid_scheduled_time',
  'missing_content',
  'missing_platforms',
  'invalid_profile_ids',
  'profile_scope_denied',
  'unsupported_platform',
  'media_not_found',
  'ambiguous_media',
  'validation_failed',
  'invalid_json',
  'idempotency_conflict',
]);

/**
 * A refusal as a person is told it: a past time said back in their zone (`That time has passed
 * (Sun 1 Nov, 14:30 New York time). Pick a later time.`), a refusal worded for API callers as the
 * vocabulary's sentence, any other as the use case wrote it.
 */
export function refusalSentence(error: Pick<SvcError, 'code' | 'message' | 'details'>, zone: string): string {
  if (error.code === 'scheduled_time_in_past') {
    const time = typeof error.details?.time === 'string' ? new Date(error.details.time) : null;
    return time === null || Number.isNaN(time.getTime())
      ? ERROR_SENTENCES.scheduled_time_in_past
      : pastTimeSentence(time, zone);
  }
  return WORDED_FOR_CALLERS.has(error.code) ? ERROR_SENTENCES[error.code] : error.message;
}
