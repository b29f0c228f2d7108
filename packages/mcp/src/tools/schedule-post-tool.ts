import {
  createPosts,
  type MediaAsset,
  PLATFORMS,
  type Platform,
  type PolicyIssue,
  type Post,
} from '@svc/core';
import { err, ok, type Result } from 'neverthrow';
import { z } from 'zod';
import { type AccountChoice, chooseTargets, visibleAccounts } from '../schedule/choose-targets.js';
import { describePublication, type Publication } from '../schedule/describe-publication.js';
import { importMediaUrls } from '../schedule/import-media-urls.js';
import { checkPhotoSetShapes } from '../schedule/photo-set-shapes.js';
import { defineTool, type ToolAnswer, type ToolContext, type ToolRefusal } from '../tool-definition.js';
import { WRITE } from './annotations.js';
import { policyIssueSchema } from './validate-post-policy-tool.js';

const input = z.strictObject({
  caption: z.string().optional().describe('Max 2,200 characters (each platform also applies its own limit).'),
  platforms: z
    .array(z.enum(PLATFORMS))
    .min(1)
    .optional()
    .describe('Platforms to post to. Optional when profile_ids is given.'),
  profile_ids: z
    .array(z.string().min(1))
    .min(1)
    .optional()
    .describe('The whole target set (from svc_list_profiles); platforms are not fanned out.'),
  all_accounts: z
    .boolean()
    .optional()
    .describe('True posts to every connected account on each listed platform without asking.'),
  scheduled_time: z
    .string()
    .optional()
    .describe('ISO 8601, in the future. Omit to publish on the next publisher run, about a minute later.'),
  media_urls: z
    .array(z.string().min(1))
    .min(1)
    .max(35)
    .optional()
    .describe(
      'Public image or video links in slide order (JPEG, PNG, WebP, GIF, MP4, MOV, WebM; 50 MB each).',
    ),
  media_id: z.string().min(1).optional().describe('One media id from svc_add_media_from_url.'),
  media_ids: z.array(z.string().min(1)).min(1).max(35).optional().describe('Media ids in slide order.'),
  title: z.string().optional().describe('Required for youtube (max 100) and tiktok (max 150).'),
  category: z.string().optional(),
  platform_meta: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('Keyed by platform; platform_meta.tiktok.privacyLevel is required for tiktok.'),
});

type Args = z.infer<typeof input>;

const output = z.object({
  scheduled: z.boolean(),
  /** Present when the tool asks which accounts to use instead of scheduling. */
  needsAccountChoice: z
    .array(
      z.object({
        platform: z.enum(PLATFORMS),
        accounts: z.array(z.object({ id: z.string(), handle: z.string() })),
      }),
    )
    .optional(),
  postIds: z.array(z.string()).optional(),
  status: z.literal('scheduled').optional(),
  scheduledTime: z.string().optional(),
  replayed: z.boolean().optional(),
  targets: z
    .array(z.object({ postId: z.string(), profileId: z.string(), platform: z.enum(PLATFORMS) }))
    .optional(),
  publications: z
    .array(
      z.object({
        platform: z.enum(PLATFORMS),
        format: z.string(),
        slides: z.number().int(),
        description: z.string(),
      }),
    )
    .optional(),
  warnings: z.array(policyIssueSchema).optional(),
  notes: z.array(z.string()),
});

/**
 * `svc_schedule_post`: schedules through the same `createPosts` as REST, after the tool's own
 * rules: ask when a platform has several accounts, read the media bytes first (importing links),
 * refuse photo sets of mixed shapes, and say what will publish where.
 */
export const schedulePostTool = defineTool<Args>({
  name: 'svc_schedule_post',
  title: 'Schedule post',
  description:
    'Schedules a post through the same queue, plan limits and checks as the app (there is no immediate publish: without scheduled_time it goes out on the next publisher run, about a minute later). ' +
    'A platform with one connected account is targeted directly; with several, pass profile_ids or all_accounts: true, otherwise the tool returns needsAccountChoice with the options and schedules nothing. ' +
    'Media: media_urls (imported and read first), media_id or media_ids in slide order. Slide 1 carries the most weight: Instagram crops other slides to it, Threads and Facebook publish only slide 1. Photo sets must have one shape. ' +
    'The answer says what will publish on each platform (reel, carousel, photo set, ...) with advisory notes; poll svc_get_post_status for the outcome.',
  scope: 'post:write',
  grants: ['media:write'],
  annotations: WRITE,
  input,
  output,
  async run(context, args) {
    const { deps, actor } = context;
    const platforms = await platformsOf(context, args);
    if (platforms.isErr()) return err(platforms.error);
    const decision = await chooseTargets(
      deps.core,
      actor,
      platforms.value,
      args.profile_ids,
      args.all_accounts === true,
    );
    if (decision.kind === 'choose') return ok(accountQuestion(decision.choices));

    const media = await resolveSlides(context, args);
    if (media.isErr()) return err(media.error);
    const shapes = checkPhotoSetShapes(media.value.assets);
    if (shapes !== null) return err(shapes);

    const created = await createPosts(
      deps.core,
      actor,
      payloadOf(args, platforms.value, decision.profileIds, media.value.mediaIds),
      { requireScheduledTime: false },
    );
    if (created.isErr()) return err(created.error);
    const posts = await readPosts(context, created.value.postIds);
    const publications = platforms.value.map((p) => describePublication(p, media.value.assets));
    return ok(
      scheduledAnswer(created.value, posts, publications, created.value.warnings, media.value.assets.length),
    );
  },
});

/** The platforms asked for, or those of `profile_ids` when platforms are left out. */
async function platformsOf(
  { deps, actor }: ToolContext,
  args: Args,
): Promise<Result<Platform[], ToolRefusal>> {
  if (args.platforms !== undefined) return ok([...new Set(args.platforms)]);
  if (args.profile_ids === undefined) {
    return err({
      code: 'missing_platforms',
      message: 'Give platforms (e.g. ["instagram"]) or profile_ids from svc_list_profiles.',
      details: { field: 'platforms' },
    });
  }
  const visible = new Map((await visibleAccounts(deps.core, actor)).map((a) => [a.id, a]));
  const unknown = args.profile_ids.filter((id) => !visible.has(id));
  if (unknown.length > 0) {
    return err({
      code: 'invalid_profile_ids',
      message: `Unknown or inactive profile id ${unknown.join(', ')}. List your profiles with svc_list_profiles.`,
      details: { field: 'profile_ids', invalid: unknown },
    });
  }
  return ok([...new Set(args.profile_ids.map((id) => visible.get(id)?.platform as Platform))]);
}

type Slides = { readonly mediaIds: readonly string[] | undefined; readonly assets: readonly MediaAsset[] };

/** The slides as library assets: links imported first, ids looked up (unknown ids are left to createPosts). */
async function resolveSlides({ deps, actor }: ToolContext, args: Args): Promise<Result<Slides, ToolRefusal>> {
  const given = [args.media_urls, args.media_id, args.media_ids].filter((m) => m !== undefined);
  if (given.length > 1) {
    return err({
      code: 'ambiguous_media',
      message: 'Give media as one of media_urls, media_id or media_ids, not several.',
      details: { field: 'media' },
    });
  }
  if (args.media_urls !== undefined) {
    const imported = await importMediaUrls(deps.core, actor, args.media_urls);
    return imported.map((assets) => ({ mediaIds: assets.map((a) => a.id), assets }));
  }
  const ids = args.media_ids ?? (args.media_id === undefined ? undefined : [args.media_id]);
  if (ids === undefined) return ok({ mediaIds: undefined, assets: [] });
  const found = new Map(
    (await deps.core.store.media.getMediaAssets([...new Set(ids)]))
      .filter((a) => a.ownerId === actor.user.id && a.status === 'active')
      .map((a) => [a.id, a]),
  );
  const assets = ids.flatMap((id) => {
    const asset = found.get(id);
    return asset === undefined ? [] : [asset];
  });
  return ok({ mediaIds: ids, assets });
}

/** The REST creation payload (spec 2.2) from the tool's snake_case arguments. */
function payloadOf(
  args: Args,
  platforms: readonly Platform[],
  profileIds: readonly string[] | null,
  mediaIds: readonly string[] | undefined,
): Record<string, unknown> {
  const payload: Record<string, unknown> = { platforms };
  if (profileIds !== null) payload.profileIds = profileIds;
  if (args.caption !== undefined) payload.caption = args.caption;
  if (args.title !== undefined) payload.title = args.title;
  if (mediaIds !== undefined) payload.mediaIds = mediaIds;
  if (args.scheduled_time !== undefined) payload.scheduledTime = args.scheduled_time;
  if (args.category !== undefined) payload.category = args.category;
  if (args.platform_meta !== undefined) payload.platformMeta = args.platform_meta;
  return payload;
}

async function readPosts({ deps }: ToolContext, ids: readonly string[]): Promise<Post[]> {
  const posts = await Promise.all(ids.map((id) => deps.core.store.posts.getPost(id)));
  return posts.filter((p): p is Post => p !== null);
}

function accountQuestion(choices: readonly AccountChoice[]): ToolAnswer {
  const lines = choices.map(
    (c) => `${c.platform}: ${c.accounts.map((a) => `@${a.handle} (${a.id})`).join(', ')}`,
  );
  const note =
    'Several accounts are connected on a platform. Ask the user which to post to, then call again with profile_ids (or all_accounts: true for every one).';
  return {
    structured: {
      scheduled: false,
      needsAccountChoice: choices.map((c) => ({ platform: c.platform, accounts: [...c.accounts] })),
      notes: [note],
    },
    summary: `Nothing scheduled yet. ${note}\n${lines.join('\n')}`,
  };
}

function scheduledAnswer(
  created: { postIds: readonly string[]; scheduledTime: Date; replayed: boolean },
  posts: readonly Post[],
  publications: readonly Publication[],
  warnings: readonly PolicyIssue[],
  slideCount: number,
): ToolAnswer {
  const notes = warnings.map((w) => w.message);
  if (slideCount > 1 && publications.some((p) => p.platform === 'instagram')) {
    notes.push('Instagram crops every slide to the shape of slide 1: put the strongest image first.');
  }
  const targets = posts.map((p) => ({
    postId: p.id,
    profileId: p.profileIds[0] ?? '',
    platform: p.platforms[0] as Platform,
  }));
  const when = created.scheduledTime.toISOString();
  return {
    structured: {
      scheduled: true,
      postIds: [...created.postIds],
      status: 'scheduled',
      scheduledTime: when,
      replayed: created.replayed,
      targets,
      publications: publications.map((p) => ({ ...p })),
      warnings: [...warnings],
      notes,
    },
    summary: [
      `Scheduled ${created.postIds.length} post(s) for ${when}: ${created.postIds.join(', ')}.`,
      ...publications.map((p) => `${p.platform}: ${p.description}.`),
      ...notes.map((n) => `Note: ${n}`),
      'Poll svc_get_post_status with a post id for the outcome.',
    ].join('\n'),
  };
}
