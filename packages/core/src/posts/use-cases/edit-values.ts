import { err, ok, type Result } from 'neverthrow';
import { parseIsoDateTime, type SvcError, svcError } from '../../kernel/index.js';
import type { PolicyConfig } from '../../policy/index.js';
import { type EvergreenRule, parseEvergreenRule } from '../../queue/index.js';
import type { Post } from '../post.js';
import type { PostEdit } from '../post-event.js';
import { invalidScheduledTime, scheduledTimeInPast } from '../scheduled-time-errors.js';

/** A replacement caption within the service's own ceiling (platforms' ceilings are the policy's). */
export function checkedCaption(
  caption: string,
  policy: Pick<PolicyConfig, 'captionMax'>,
): Result<string, SvcError> {
  if (Array.from(caption).length <= policy.captionMax) return ok(caption);
  return err(
    svcError('caption_too_long', `The caption is longer than ${policy.captionMax} characters. Shorten it.`, {
      field: 'caption',
      max: policy.captionMax,
    }),
  );
}

/** A replacement title: trimmed; empty or null removes it (the platforms' limits are the policy's). */
export function titleOf(title: string | null): string | null {
  const trimmed = title?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * The caption and title an edit of a draft or of a scheduled post replaces, each checked as every
 * edit checks it; absent fields are left out (they stay as they are).
 */
export function editedTexts(
  input: { readonly caption?: string; readonly title?: string | null },
  policy: Pick<PolicyConfig, 'captionMax'>,
): Result<Pick<PostEdit, 'caption' | 'title'>, SvcError> {
  const texts: { caption?: string; title?: string | null } = {};
  if (input.caption !== undefined) {
    const caption = checkedCaption(input.caption, policy);
    if (caption.isErr()) return err(caption.error);
    texts.caption = caption.value;
  }
  if (input.title !== undefined) texts.title = titleOf(input.title);
  return ok(texts);
}

/** A `scheduled_time` given to a draft or an edit: ISO 8601 with an offset, and in the future. */
export function futureTime(value: string, now: Date): Result<Date, SvcError> {
  const time = parseIsoDateTime(value);
  if (time === null) {
    return err(
      invalidScheduledTime(
        'scheduled_time is not an ISO 8601 date-time with an offset, such as 2026-03-01T09:00:00Z.',
      ),
    );
  }
  if (time.getTime() <= now.getTime()) {
    return err(scheduledTimeInPast('scheduled_time', time, now, 'Send a later time.'));
  }
  return ok(time);
}

/**
 * The evergreen rule an edit sets (undefined: the edit leaves it; null: it removes it). A recycled
 * copy takes none: its original's rule makes the copies, and a rule on a copy would start a second
 * chain of the same content.
 */
export function evergreenEdit(post: Post, raw: unknown): Result<EvergreenRule | null | undefined, SvcError> {
  if (raw === undefined) return ok(undefined);
  const rule = parseEvergreenRule(raw);
  if (rule.isErr()) return err(rule.error);
  if (rule.value !== null && post.recycledFrom !== null) {
    return err(
      svcError(
        'validation_failed',
        `This post is a recycled copy of ${post.recycledFrom}: its original's evergreen rule makes the copies.`,
        { field: 'evergreen', recycledFrom: post.recycledFrom },
      ),
    );
  }
  return ok(rule.value);
}
