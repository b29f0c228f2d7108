import { err, ok, type Result, ResultAsync } from 'neverthrow';
import { type Actor, requireScope } from '../domain/actor.js';
import { parseIsoDateTime } from '../domain/iso-date-time.js';
import type { MediaRef, Post } from '../domain/post.js';
import { type PostEdit, transition } from '../domain/post-state-machine.js';
import { type SvcError, svcError } from '../domain/svc-error.js';
import { validatePostPolicy } from '../policy/validate-post-policy.js';
import type { CoreDeps } from './core-deps.js';
import { beingPublished, liveOwnedPost } from './owned-post.js';
import { policyError } from './policy-error.js';
import { resolveMedia } from './resolve-media.js';
import { resolveTargets } from './resolve-targets.js';

/** What `svc_update_scheduled_post` asks for; absent fields stay as they are. */
export type UpdateScheduledPostInput = {
  readonly postId: string;
  readonly caption?: string;
  /** ISO 8601 with an offset, in the future. */
  readonly scheduledTime?: string;
  /** The replacement target: exactly one account (a post row goes to one account). */
  readonly profileIds?: readonly string[];
  /** Replaces every slide, in order. */
  readonly mediaIds?: readonly string[];
};

type Deps = Pick<CoreDeps, 'store' | 'clock' | 'policy' | 'publisher'>;

/**
 * Edits a scheduled post (spec 4.2): caption, time, target account or media are replaced, the
 * full content policy runs on the result, and the write is a compare-and-set on the post's
 * version. Each post row goes to one account, so `profileIds` must name exactly one (its
 * platform becomes the post's); to post to more accounts, schedule another post.
 */
export function updateScheduledPost(
  deps: Deps,
  actor: Actor,
  input: UpdateScheduledPostInput,
): ResultAsync<Post, SvcError> {
  return new ResultAsync(update(deps, actor, input));
}

async function update(
  deps: Deps,
  actor: Actor,
  input: UpdateScheduledPostInput,
): Promise<Result<Post, SvcError>> {
  const allowed = requireScope(actor, 'post:write');
  if (allowed.isErr()) return err(allowed.error);
  const found = await liveOwnedPost(deps.store.posts, actor, input.postId);
  if (found.isErr()) return err(found.error);
  const post = found.value;
  if (post.status === 'publishing') return err(beingPublished(post, 'edited'));
  const now = deps.clock.now();

  const changes = await editOf(deps, actor, post, input, now);
  if (changes.isErr()) return err(changes.error);
  const moved = transition(post, { type: 'edit', at: now, changes: changes.value });
  if (moved.isErr()) return err(moved.error);
  const next = moved.value;

  const media = await resolveMedia(deps.store.media, actor.user, next.media);
  if (media.isErr()) return err(media.error);
  const policy = validatePostPolicy(
    {
      caption: next.caption,
      title: next.title,
      platforms: next.platforms,
      media: media.value,
      platformMeta: next.platformMeta,
    },
    deps.policy,
  );
  if (!policy.ok) return err(policyError(policy.errors, policy.warnings));

  const stored = await deps.store.posts.updatePost(next, post.version);
  if (stored === null) {
    return err(
      svcError(
        'invalid_post_state',
        `Post ${post.id} changed while editing it (perhaps it is being published). Read it and try again.`,
        {
          postId: post.id,
        },
      ),
    );
  }
  if (stored.dueAt !== null) deps.publisher.postsDue(stored.dueAt);
  return ok(stored);
}

/** The replacement values, each checked on its own. */
async function editOf(
  deps: Deps,
  actor: Actor,
  post: Post,
  input: UpdateScheduledPostInput,
  now: Date,
): Promise<Result<PostEdit, SvcError>> {
  const edit: { -readonly [K in keyof PostEdit]: PostEdit[K] } = {};
  if (input.caption !== undefined) {
    if (Array.from(input.caption).length > deps.policy.captionMax) {
      return err(
        svcError(
          'caption_too_long',
          `The caption is longer than ${deps.policy.captionMax} characters. Shorten it.`,
          {
            field: 'caption',
            max: deps.policy.captionMax,
          },
        ),
      );
    }
    edit.caption = input.caption;
  }
  if (input.scheduledTime !== undefined) {
    const time = parseIsoDateTime(input.scheduledTime);
    if (time === null) {
      return err(
        svcError(
          'invalid_scheduled_time',
          'scheduled_time is not an ISO 8601 date-time with an offset, such as 2026-03-01T09:00:00Z.',
          {
            field: 'scheduledTime',
          },
        ),
      );
    }
    if (time.getTime() <= now.getTime()) {
      return err(
        svcError(
          'scheduled_time_in_past',
          `scheduled_time ${time.toISOString()} is not in the future. Send a later time.`,
          {
            field: 'scheduledTime',
            now: now.toISOString(),
          },
        ),
      );
    }
    edit.scheduledTime = time;
  }
  if (input.profileIds !== undefined) {
    const ids = [...new Set(input.profileIds)];
    if (ids.length !== 1) {
      return err(
        svcError(
          'invalid_profile_ids',
          'A scheduled post goes to exactly one account: give one replacement profile id. To post to more accounts, schedule another post.',
          { field: 'profileIds', count: ids.length },
        ),
      );
    }
    const account = await deps.store.accounts.getAccount(ids[0] as string);
    const platforms = account === null ? post.platforms : [account.platform];
    const targets = await resolveTargets(deps.store.accounts, actor, platforms, ids);
    if (targets.isErr()) return err(targets.error);
    const target = targets.value[0];
    if (target !== undefined) edit.targets = { platforms: [target.platform], profileIds: [target.id] };
  }
  if (input.mediaIds !== undefined) {
    edit.media = input.mediaIds.map((mediaId): MediaRef => ({ kind: 'asset', mediaId }));
  }
  return ok(edit);
}
