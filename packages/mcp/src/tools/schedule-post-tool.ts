import {
  type AccountChoice,
  evergreenRuleSchema,
  LIMIT_PHRASES,
  PLATFORMS,
  policyIssueSchema,
  type ScheduleOutcome,
  schedulePost,
} from '@svc/core';
import { z } from 'zod';
import { defineTool, type ToolAnswer } from '../tool-definition.js';
import { WRITE } from './annotations.js';
import { platformsField, postContentFields, profileIdsField, slideList } from './post-fields.js';

const input = z.strictObject({
  caption: z
    .string()
    .optional()
    .describe(`Max ${LIMIT_PHRASES.captionMax} characters (each platform also applies its own limit).`),
  platforms: platformsField('Platforms to post to. Optional when profile_ids is given.'),
  profile_ids: profileIdsField(
    'The whole target set (from svc_list_profiles); platforms are not fanned out.',
  ),
  all_accounts: z
    .boolean()
    .optional()
    .describe('True posts to every connected account on each listed platform without asking.'),
  scheduled_time: z
    .string()
    .optional()
    .describe('ISO 8601, in the future. Omit to publish on the next publisher run, about a minute later.'),
  use_queue: z
    .boolean()
    .optional()
    .describe(
      "True gives each post its account's next free posting slot instead of scheduled_time (set slots with PUT /api/v1/connections/{id}/slots).",
    ),
  evergreen: evergreenRuleSchema
    .optional()
    .describe(
      "Recycle the post: after it went out, a copy (same content, its own id) enters the account's queue every everyDays days, at most maxTimes copies; onlyAboveMedian copies only while it performs above the account's median. Needs posting slots.",
    ),
  media_urls: slideList()
    .optional()
    .describe(
      `Public image or video links in slide order (${LIMIT_PHRASES.mediaTypes}; ${LIMIT_PHRASES.maxFile} each).`,
    ),
  media_id: z.string().min(1).optional().describe('One media id from svc_add_media_from_url.'),
  ...postContentFields,
  category: z.string().optional(),
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
    .array(
      z.object({
        postId: z.string(),
        profileId: z.string(),
        platform: z.enum(PLATFORMS),
        /** The caller's media ids, in slide order, as given. */
        mediaIds: z.array(z.string()),
        /** For each slide, the copy this account's platform gets (converted or padded); null: the caller's own. */
        platformMediaIds: z.array(z.string().nullable()),
        /** When this post goes out (with use_queue, the slot it took). */
        scheduledTime: z.string(),
      }),
    )
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
 * `svc_schedule_post`: core's `schedulePost` (the tools' and the console's way to schedule: ask
 * which accounts, read the media first, refuse mixed photo shapes and repeats) in snake_case.
 */
export const schedulePostTool = defineTool<Args>({
  name: 'svc_schedule_post',
  title: 'Schedule post',
  description:
    'Schedules a post through the same queue, plan limits and checks as the app (there is no immediate publish: without scheduled_time it goes out on the next publisher run, about a minute later). ' +
    'A platform with one connected account is targeted directly; with several, pass profile_ids or all_accounts: true, otherwise the tool returns needsAccountChoice with the options and schedules nothing. ' +
    'Media: media_urls (imported and read first), media_id or media_ids in slide order; an image a platform does not take (PNG on Instagram, say) goes there as a JPEG copy. Slide 1 carries the most weight: Instagram crops other slides to it, Threads and Facebook publish only slide 1. Photo sets must have one shape. ' +
    `A repeat of a post of the same account (same caption and media within ${LIMIT_PHRASES.repeatWindow}) is refused. ` +
    'The answer says what will publish on each platform (reel, carousel, photo set, ...) with advisory notes; poll svc_get_post_status for the outcome.',
  scope: 'post:write',
  action: 'post:schedule',
  annotations: WRITE,
  input,
  output,
  async run({ deps, actor }, args) {
    const outcome = await schedulePost(deps.core, actor, {
      caption: args.caption,
      platforms: args.platforms,
      profileIds: args.profile_ids,
      allAccounts: args.all_accounts,
      scheduledTime: args.scheduled_time,
      mediaUrls: args.media_urls,
      mediaId: args.media_id,
      mediaIds: args.media_ids,
      title: args.title,
      category: args.category,
      platformMeta: args.platform_meta,
      queue: args.use_queue,
      evergreen: args.evergreen,
    });
    return outcome.map(answerOf);
  },
});

function answerOf(outcome: ScheduleOutcome): ToolAnswer {
  if (outcome.kind === 'needs_account_choice') return accountQuestion(outcome.choices);
  const { created, targets, publications, notes } = outcome;
  const when = created.scheduledTime.toISOString();
  return {
    structured: {
      scheduled: true,
      postIds: [...created.postIds],
      status: 'scheduled',
      scheduledTime: when,
      replayed: created.replayed,
      targets: targets.map((t) => ({
        ...t,
        mediaIds: [...t.mediaIds],
        platformMediaIds: [...t.platformMediaIds],
        scheduledTime: t.scheduledTime.toISOString(),
      })),
      publications: publications.map((p) => ({ ...p })),
      warnings: [...created.warnings],
      notes: [...notes],
    },
    summary: [
      `Scheduled ${created.postIds.length} post(s) for ${when}: ${created.postIds.join(', ')}.`,
      ...(targets.length > 1 ||
      targets.some((t) => t.scheduledTime.getTime() !== created.scheduledTime.getTime())
        ? targets.map((t) => `${t.postId} (${t.profileId}) at ${t.scheduledTime.toISOString()}.`)
        : []),
      ...publications.map((p) => `${p.platform}: ${p.description}.`),
      ...notes.map((n) => `Note: ${n}`),
      'Poll svc_get_post_status with a post id for the outcome.',
    ].join('\n'),
  };
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
