import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import { type AccountChoice, chooseTargets, visibleAccounts } from '../../accounts/index.js';
import { type Actor, actorOwner, checkCanSchedule, entitledUseCase } from '../../identity/index.js';
import { PLATFORM_NAMES, type Platform, type SvcError, svcError } from '../../kernel/index.js';
import { assetIdsOf, assetsById, importMediaUrls, type MediaRef } from '../../media/index.js';
import { describePublication, mediaTypeName, type Publication } from '../../policy/index.js';
import type { Post } from '../post.js';
import { type PostRequest, parsePlatforms, parsePostRequest } from '../post-request.js';
import type { ImageConversion } from './convert-images.js';
import { type CreatePostsDeps, type CreatePostsResult, createFromRequest } from './create-posts.js';
import { slideViews } from './post-answer.js';

/** A post as a person or an agent asks for it (the arguments of `svc_schedule_post`); absent means not given. */
export type SchedulePostInput = {
  readonly caption?: string | undefined;
  /** Optional when `profileIds` is given: then the platforms are those of the profiles. */
  readonly platforms?: readonly string[] | undefined;
  /** The whole target set; platforms are not fanned out. */
  readonly profileIds?: readonly string[] | undefined;
  /** Post to every visible account of each platform instead of asking which. */
  readonly allAccounts?: boolean | undefined;
  readonly scheduledTime?: string | undefined;
  /** Links, imported into the library before anything is scheduled. */
  readonly mediaUrls?: readonly string[] | undefined;
  readonly mediaId?: string | undefined;
  readonly mediaIds?: readonly string[] | undefined;
  readonly title?: string | undefined;
  readonly category?: string | undefined;
  readonly platformMeta?: Readonly<Record<string, unknown>> | undefined;
  /** Each row takes its account's next free posting slot instead of `scheduledTime` (docs/queue.md). */
  readonly queue?: boolean | undefined;
  /** Copies re-enter the queue by this rule once the post went out (docs/queue.md, "Evergreen recycling"). */
  readonly evergreen?:
    | {
        readonly everyDays: number;
        readonly maxTimes: number;
        readonly onlyAboveMedian?: boolean | undefined;
      }
    | undefined;
};

/** One row scheduled: where it goes and its media, in slide order. */
export type ScheduledTarget = {
  readonly postId: string;
  readonly profileId: string;
  readonly platform: Platform;
  /** The caller's media ids, as given. */
  readonly mediaIds: readonly string[];
  /** For each of those slides, the copy this platform gets (converted or padded); null: the caller's own. */
  readonly platformMediaIds: readonly (string | null)[];
  /** When this row goes out: a queued row's slot. */
  readonly scheduledTime: Date;
};

/** What scheduling did: posts scheduled, or a question about accounts with nothing scheduled. */
export type ScheduleOutcome =
  | { readonly kind: 'needs_account_choice'; readonly choices: readonly AccountChoice[] }
  | {
      readonly kind: 'scheduled';
      readonly created: CreatePostsResult;
      readonly targets: readonly ScheduledTarget[];
      /** What will publish on each platform, from the slides that platform gets. */
      readonly publications: readonly Publication[];
      /** Advice for the person: the warnings' messages, conversions and the tool's own advice. */
      readonly notes: readonly string[];
    };

/**
 * Schedules a post the way the tools and the console do (spec 4.2 `svc_schedule_post`): asks which
 * accounts when a platform has several (see chooseTargets), imports media links first so every
 * slide is read from its bytes, refuses photo sets of mixed shapes instead of padding them, and
 * refuses a repeat of a recent post without an override. Then the same checks and insert as
 * REST's `createPosts`, and the answer says what will publish where.
 */
export function schedulePost(
  deps: CreatePostsDeps,
  actor: Actor,
  input: SchedulePostInput,
): ResultAsync<ScheduleOutcome, SvcError> {
  return entitledUseCase(deps.clock, actor, 'post:write', checkCanSchedule, () =>
    schedule(deps, actor, input),
  );
}

async function schedule(
  deps: CreatePostsDeps,
  actor: Actor,
  input: SchedulePostInput,
): Promise<Result<ScheduleOutcome, SvcError>> {
  const platforms = await platformsOf(deps, actor, input);
  if (platforms.isErr()) return err(platforms.error);
  const decision = await chooseTargets(
    deps,
    actor,
    platforms.value,
    input.profileIds,
    input.allAccounts === true,
  );
  if (decision.kind === 'choose') return ok({ kind: 'needs_account_choice', choices: decision.choices });

  const parsed = parsePostRequest(payloadOf(input, platforms.value, decision.profileIds), {
    requireScheduledTime: false,
  });
  if (parsed.isErr()) return err(parsed.error);
  const request = await withImportedLinks(deps, actor, parsed.value);
  if (request.isErr()) return err(request.error);

  const created = await createFromRequest(deps, actor, request.value, {
    requireScheduledTime: false,
    mixedImageSizes: 'refuse',
    duplicateOverride: null,
  });
  if (created.isErr()) return err(created.error);
  const posts = created.value.posts;
  const publications = await publicationsOf(deps, platforms.value, posts);
  const notes = [
    ...created.value.warnings.map((w) => w.message),
    ...created.value.conversions.map(conversionNote),
  ];
  if (publications.some((p) => p.platform === 'instagram' && p.slides > 1)) {
    notes.push('Instagram crops every slide to the shape of slide 1: put the strongest image first.');
  }
  return ok({
    kind: 'scheduled',
    created: created.value,
    targets: posts.map(targetOf),
    publications,
    notes: [...new Set(notes)],
  });
}

/** The platforms asked for, or those of `profileIds` when platforms are left out. */
async function platformsOf(
  deps: CreatePostsDeps,
  actor: Actor,
  input: SchedulePostInput,
): Promise<Result<Platform[], SvcError>> {
  if (input.platforms !== undefined || input.profileIds === undefined) return parsePlatforms(input.platforms);
  const visible = new Map((await visibleAccounts(deps, actor)).map((a) => [a.id, a]));
  const unknown = input.profileIds.filter((id) => !visible.has(id));
  if (unknown.length > 0) {
    return err(
      svcError(
        'invalid_profile_ids',
        `Unknown or inactive profile id ${unknown.join(', ')}. List your profiles first.`,
        { field: 'profileIds', invalid: unknown },
      ),
    );
  }
  return ok([...new Set(input.profileIds.map((id) => visible.get(id)?.platform as Platform))]);
}

/** The REST creation payload (spec 2.2), so the same parser checks both surfaces. */
function payloadOf(
  input: SchedulePostInput,
  platforms: readonly Platform[],
  profileIds: readonly string[] | null,
): Record<string, unknown> {
  const { allAccounts: _, profileIds: __, platforms: ___, ...rest } = input;
  return profileIds === null ? { ...rest, platforms } : { ...rest, platforms, profileIds };
}

/** The request with its links imported into the library, so each slide is read from its bytes. */
async function withImportedLinks(
  deps: CreatePostsDeps,
  actor: Actor,
  request: PostRequest,
): Promise<Result<PostRequest, SvcError>> {
  const links = request.media.flatMap((m) => (m.kind === 'link' ? [m.url] : []));
  if (links.length === 0) return ok(request);
  const imported = await importMediaUrls(deps, actorOwner(actor), links);
  if (imported.isErr()) return err(imported.error);
  const media = imported.value.map((a): MediaRef => ({ kind: 'asset', mediaId: a.id }));
  return ok({ ...request, media });
}

/** What each platform publishes, in the order the platforms were asked for. */
async function publicationsOf(
  deps: CreatePostsDeps,
  platforms: readonly Platform[],
  posts: readonly Post[],
): Promise<Publication[]> {
  const assets = await assetsById(
    deps,
    posts.flatMap((p) => assetIdsOf(p.media)),
  );
  return platforms.flatMap((platform) => {
    const row = posts.find((p) => p.platforms[0] === platform);
    if (row === undefined) return [];
    const slides = row.media.map((m) => ({
      contentType: m.kind === 'asset' ? (assets.get(m.mediaId)?.contentType ?? '') : '',
    }));
    return [describePublication(platform, slides, deps.policy.platforms[platform])];
  });
}

function targetOf(post: Post): ScheduledTarget {
  // The slides as the post presenter shows them; links have no id and no copy.
  const slides = slideViews(post, () => '').filter((s) => s.mediaId !== null);
  return {
    postId: post.id,
    profileId: post.profileIds[0] ?? '',
    platform: post.platforms[0] as Platform,
    mediaIds: slides.map((s) => s.mediaId as string),
    platformMediaIds: slides.map((s) => s.platformMediaId),
    scheduledTime: post.scheduledTime as Date,
  };
}

function conversionNote(c: ImageConversion): string {
  const why =
    c.reason === 'type'
      ? `${c.platform === 'tiktok' ? 'TikTok photo posts take' : `${PLATFORM_NAMES[c.platform]} takes`} no ${mediaTypeName(c.fromType)}`
      : c.reason === 'colour'
        ? 'it was not 8-bit sRGB'
        : 'it was over the size limit';
  return `Slide ${c.slide + 1} goes to ${PLATFORM_NAMES[c.platform]} as a JPEG copy (${c.mediaId}) made from ${c.originalId}, because ${why}; the original is unchanged.`;
}
