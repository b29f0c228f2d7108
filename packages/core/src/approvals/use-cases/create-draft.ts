import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import {
  type Actor,
  actorOwner,
  actorWorkspaceId,
  checkCanSchedule,
  entitledUseCase,
  postQuotaOf,
} from '../../identity/index.js';
import { isPlatform, type Platform, type SvcError, svcError } from '../../kernel/index.js';
import { type ImportDeps, importMediaUrls, type MediaRef } from '../../media/index.js';
import { platformMetaSchema } from '../../policy/index.js';
import {
  checkedCaption,
  freshPostFields,
  futureTime,
  type Post,
  resolveMedia,
  resolveTargets,
} from '../../posts/index.js';
import { parseEvergreenRule } from '../../queue/index.js';
import { DRAFT_TONES, type DraftTone, draftCaption } from './draft-caption.js';

/** What `svc_draft_post` asks for: a hint to write a caption from, or the post itself. */
export type CreateDraftInput = {
  /** What the post should say; a caption is written from it unless `caption` is given. */
  readonly contentHint?: string | null;
  /** The caption, used as written. */
  readonly caption?: string | null;
  readonly title?: string | null;
  /** Links, imported into the library now so the draft holds what was read. */
  readonly mediaUrls?: readonly string[] | null;
  /** Library media ids in slide order (instead of `mediaUrls`). */
  readonly mediaIds?: readonly string[] | null;
  readonly platformMeta?: Readonly<Record<string, unknown>> | null;
  /** ISO 8601 with an offset, in the future: when the post goes out once approved. */
  readonly scheduledTime?: string | null;
  /** True: once approved, each row takes its account's next free posting slot (not with `scheduledTime`). */
  readonly queue?: boolean | null;
  /** Platforms the caption must fit; derived from `profileIds` when absent or empty. */
  readonly platforms?: readonly string[] | null;
  /** Default `casual`. */
  readonly tone?: string | null;
  /** A label for the draft. */
  readonly name?: string | null;
  /** Accounts pre-selected on the draft; checked like a post's targets. */
  readonly profileIds?: readonly string[] | null;
  /** The evergreen rule its approved rows recycle by (docs/queue.md); null or absent for none. */
  readonly evergreen?: unknown;
};

type Deps = ImportDeps;

/** What a draft holds besides its caption, checked as far as a draft can be. */
type DraftContent = Pick<Post, 'title' | 'media' | 'platformMeta' | 'scheduledTime' | 'queued'>;

/**
 * Saves a draft post (spec 4.2 `svc_draft_post`): the caption given, or one made from the hint by
 * a fixed rule (`draftCaption`); the title, media (links imported into the library now), platform
 * settings and time; the pre-selected accounts. Only what can be wrong on its own is refused here
 * (shapes, unknown media, a past time); whether the post could publish is checked when approval
 * is requested. A draft is not due; it goes out only after `requestApproval` and an approval. It
 * takes one slot of the scheduling quota, as a post does, so drafts cannot be used to get around it.
 */
export function createDraft(deps: Deps, actor: Actor, input: CreateDraftInput): ResultAsync<Post, SvcError> {
  return entitledUseCase(deps.clock, actor, 'post:draft', checkCanSchedule, (now) =>
    create(deps, actor, input, now),
  );
}

async function create(
  deps: Deps,
  actor: Actor,
  input: CreateDraftInput,
  now: Date,
): Promise<Result<Post, SvcError>> {
  const given = input.caption ?? null;
  if (given === null && (input.contentHint ?? '').trim() === '') {
    return err(
      svcError(
        'missing_content',
        'Give a caption, or a content_hint to write one from: describe what the post should say.',
      ),
    );
  }
  if (given !== null) {
    const caption = checkedCaption(given, deps.policy);
    if (caption.isErr()) return err(caption.error);
  }
  const evergreen = parseEvergreenRule(input.evergreen);
  if (evergreen.isErr()) return err(evergreen.error);
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
  const content = await draftContentOf(deps, actor, input, now);
  if (content.isErr()) return err(content.error);
  const caption = given ?? draftCaption(input.contentHint ?? '', tone as DraftTone, platforms, deps.policy);
  const draft = {
    ...draftPost(deps, actor, input, caption, content.value, platforms, profileIds, now),
    evergreen: evergreen.value,
  };
  const outcome = await deps.store.posts.insertPosts({
    ownerId: actorWorkspaceId(actor),
    at: now,
    posts: [draft],
    idempotency: null,
    quota: postQuotaOf(actorOwner(actor), now, deps.planLimits),
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

/** The title, media, settings and time of a draft, each checked on its own. */
async function draftContentOf(
  deps: Deps,
  actor: Actor,
  input: CreateDraftInput,
  now: Date,
): Promise<Result<DraftContent, SvcError>> {
  if (input.mediaUrls != null && input.mediaIds != null) {
    return err(
      svcError('ambiguous_media', 'Give media as links or as media ids, not both.', { field: 'mediaIds' }),
    );
  }
  const queued = input.queue === true;
  if (queued && input.scheduledTime != null) return err(queueWithTime());
  let scheduledTime: Date | null = null;
  if (input.scheduledTime != null) {
    const time = futureTime(input.scheduledTime, now);
    if (time.isErr()) return err(time.error);
    scheduledTime = time.value;
  }
  const meta = platformMetaSchema.nullable().safeParse(input.platformMeta ?? null);
  if (!meta.success) {
    return err(
      svcError('validation_failed', `platform_meta: ${meta.error.issues[0]?.message ?? 'invalid'}`, {
        field: 'platformMeta',
      }),
    );
  }
  let media: MediaRef[] = (input.mediaIds ?? []).map((mediaId) => ({ kind: 'asset', mediaId }));
  if (input.mediaUrls != null) {
    const imported = await importMediaUrls(deps, actorOwner(actor), input.mediaUrls);
    if (imported.isErr()) return err(imported.error);
    media = imported.value.map((a) => ({ kind: 'asset', mediaId: a.id }));
  }
  const owned = await resolveMedia(deps.store.media, actorOwner(actor), media);
  if (owned.isErr()) return err(owned.error);
  const title = input.title?.trim() ?? '';
  return ok({ title: title === '' ? null : title, media, platformMeta: meta.data, scheduledTime, queued });
}

// As creation words it (parsePostRequest): the two ask for different things.
function queueWithTime(): SvcError {
  return svcError(
    'validation_failed',
    "Send either queue: true (once approved, each post takes its account's next free slot) or a scheduledTime, not both.",
    { field: 'queue' },
  );
}

function draftPost(
  deps: Deps,
  actor: Actor,
  input: CreateDraftInput,
  caption: string,
  content: DraftContent,
  platforms: readonly Platform[],
  profileIds: readonly string[],
  now: Date,
): Post {
  const name = input.name?.trim() ?? '';
  return {
    // First, so the draft's own content (its `queued` among it) is what stays.
    ...freshPostFields(now),
    id: deps.ids.id('post'),
    ownerId: actorWorkspaceId(actor),
    // A draft is one row for every account it names; its approval fans it out in this group.
    groupId: deps.ids.id('grp'),
    status: 'draft',
    caption,
    ...content,
    platforms: [...platforms],
    profileIds: [...profileIds],
    externalId: null,
    category: null,
    name: name === '' ? null : name,
    dueAt: null,
    evergreen: null,
  };
}
