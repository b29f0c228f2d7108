import { err, ok, type Result, ResultAsync } from 'neverthrow';
import { type Actor, requireScope } from '../domain/actor.js';
import { checkCanSchedule, limitsFor, quotaWindowStart } from '../domain/entitlements.js';
import { isPlatform, type Platform } from '../domain/platform.js';
import type { Post } from '../domain/post.js';
import { type SvcError, svcError } from '../domain/svc-error.js';
import type { CoreDeps } from './core-deps.js';
import { DRAFT_TONES, type DraftTone, draftCaption } from './draft-caption.js';
import { resolveTargets } from './resolve-targets.js';

/** What `svc_draft_post` asks for. */
export type CreateDraftInput = {
  readonly contentHint: string;
  /** Platforms the caption must fit; derived from `profileIds` when absent or empty. */
  readonly platforms?: readonly string[] | null;
  /** Default `casual`. */
  readonly tone?: string | null;
  /** A label for the draft. */
  readonly name?: string | null;
  /** Accounts pre-selected on the draft; checked like a post's targets. */
  readonly profileIds?: readonly string[] | null;
};

type Deps = Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'policy' | 'planLimits'>;

/**
 * Saves a draft post (spec 4.2 `svc_draft_post`): a caption made from the hint by a fixed rule
 * (`draftCaption`), the pre-selected accounts, no time and no media. A draft is not due; it goes
 * out only after `requestApproval` and an approval. It takes one slot of the scheduling quota,
 * as a post does, so drafts cannot be used to get around it.
 */
export function createDraft(deps: Deps, actor: Actor, input: CreateDraftInput): ResultAsync<Post, SvcError> {
  return new ResultAsync(create(deps, actor, input));
}

async function create(deps: Deps, actor: Actor, input: CreateDraftInput): Promise<Result<Post, SvcError>> {
  const now = deps.clock.now();
  const checked = requireScope(actor, 'post:draft').andThen(() => checkCanSchedule(actor.user, now));
  if (checked.isErr()) return err(checked.error);
  if (input.contentHint.trim() === '') {
    return err(svcError('missing_content', 'content_hint is empty. Describe what the post should say.'));
  }
  const tone = input.tone ?? 'casual';
  if (!(DRAFT_TONES as readonly string[]).includes(tone)) {
    return err(
      svcError('validation_failed', `tone must be one of ${DRAFT_TONES.join(', ')}.`, {
        field: 'tone',
        allowed: [...DRAFT_TONES],
      }),
    );
  }
  const unknown = (input.platforms ?? []).filter((p) => !isPlatform(p));
  if (unknown.length > 0) {
    return err(
      svcError('unsupported_platform', `Unsupported platform ${unknown.join(', ')}.`, {
        unsupported: unknown,
      }),
    );
  }
  const profileIds = [...new Set(input.profileIds ?? [])];
  const platforms = await platformsOf(deps, input.platforms as Platform[] | null | undefined, profileIds);
  if (profileIds.length > 0) {
    const targets = await resolveTargets(deps.store.accounts, actor, platforms, profileIds);
    if (targets.isErr()) return err(targets.error);
  }
  const draft = draftPost(deps, actor, input, tone as DraftTone, platforms, profileIds, now);
  const outcome = await deps.store.posts.insertPosts({
    ownerId: actor.user.id,
    at: now,
    posts: [draft],
    idempotency: null,
    quota: {
      limit: limitsFor(actor.user, now, deps.planLimits).postsPerMonth,
      windowStart: quotaWindowStart(now),
    },
  });
  if (outcome.kind === 'quota_exceeded') {
    return err(
      svcError(
        'quota_exceeded',
        `Scheduling quota reached: ${outcome.used} of ${outcome.limit} posts this month. Upgrade the plan or wait for the next month.`,
        { used: outcome.used, limit: outcome.limit },
      ),
    );
  }
  // Without an idempotency key nothing else can happen; a draft is one row.
  return ok(outcome.kind === 'inserted' ? (outcome.posts[0] as Post) : draft);
}

/** The platforms given, or else those of the pre-selected accounts (unknown ids fail later). */
async function platformsOf(
  deps: Deps,
  given: readonly Platform[] | null | undefined,
  profileIds: readonly string[],
): Promise<Platform[]> {
  if (given !== null && given !== undefined && given.length > 0) return [...new Set(given)];
  const accounts = await Promise.all(profileIds.map((id) => deps.store.accounts.getAccount(id)));
  return [...new Set(accounts.flatMap((a) => (a === null ? [] : [a.platform])))];
}

function draftPost(
  deps: Deps,
  actor: Actor,
  input: CreateDraftInput,
  tone: DraftTone,
  platforms: readonly Platform[],
  profileIds: readonly string[],
  now: Date,
): Post {
  const name = input.name?.trim() ?? '';
  return {
    id: deps.ids.id('post'),
    ownerId: actor.user.id,
    status: 'draft',
    caption: draftCaption(input.contentHint, tone, platforms, deps.policy),
    title: null,
    platforms: [...platforms],
    profileIds: [...profileIds],
    media: [],
    scheduledTime: null,
    publishedAt: null,
    failedReason: null,
    externalId: null,
    permalink: null,
    platformMeta: null,
    category: null,
    name: name === '' ? null : name,
    createdAt: now,
    updatedAt: now,
    attempts: 0,
    dueAt: null,
    leaseOwner: null,
    platformPostId: null,
    publishProgress: null,
    deletedAt: null,
    version: 0,
  };
}
