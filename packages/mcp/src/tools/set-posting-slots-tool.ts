import { acceptSlotSuggestions, MAX_POSTING_SLOTS, replacePostingSlots, svcError, WEEKDAYS } from '@svc/core';
import { err } from 'neverthrow';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { DESTRUCTIVE } from './annotations.js';

const slot = z.object({ day: z.enum(WEEKDAYS), time: z.string() });

/** `svc_set_posting_slots`: replaces an account's weekly slots, with given ones or its suggestion. */
export const setPostingSlotsTool = defineTool({
  name: 'svc_set_posting_slots',
  title: 'Set posting slots',
  description: `Replaces an account's weekly posting slots (the times svc_schedule_post with use_queue: true fills). Either give slots (day mon…sun, time 24-hour HH:MM, at most ${MAX_POSTING_SLOTS}) with time_zone, or use_suggestions: true to take the account's suggested slots (read them first with svc_get_queue and include_suggestions: true): its best weekday × hour figures, or, with too few measured posts, the platform's commonly cited times, which are general guidance, not measured. Posts already queued keep their times. The previous slots are replaced: confirm with the user before calling.`,
  scope: 'account:write',
  action: 'account:manage',
  annotations: DESTRUCTIVE,
  input: z.strictObject({
    profile_id: z.string().min(1).describe('A profile id from svc_list_profiles.'),
    slots: z
      .array(z.strictObject({ day: z.string(), time: z.string() }))
      .optional()
      .describe(
        'The new weekly slots, e.g. [{ "day": "mon", "time": "09:30" }]; an empty list removes them all.',
      ),
    time_zone: z
      .string()
      .min(1)
      .optional()
      .describe(
        "IANA zone of the slots, e.g. Europe/Paris. Needed with slots; with use_suggestions, the zone to suggest in (default: the account's slots' zone).",
      ),
    use_suggestions: z
      .boolean()
      .optional()
      .describe("true: set the account's suggested slots instead of giving slots."),
  }),
  output: z.object({
    profileId: z.string(),
    timeZone: z.string(),
    slots: z.array(slot),
    source: z
      .enum(['given', 'analytics', 'platform_defaults'])
      .describe(
        'given: the slots passed; analytics: measured suggestion; platform_defaults: general guidance.',
      ),
    message: z.string().optional().describe('With use_suggestions: where the slots come from.'),
  }),
  async run({ deps, actor }, args) {
    const useSuggestions = args.use_suggestions === true;
    if (useSuggestions === (args.slots !== undefined))
      return err(
        svcError(
          'validation_failed',
          'Give either slots (with time_zone) or use_suggestions: true, not both.',
          {
            field: 'slots',
          },
        ),
      );
    if (useSuggestions)
      return acceptSlotSuggestions(deps.core, actor, args.profile_id, {
        timeZone: args.time_zone ?? null,
      }).map((s) => ({
        structured: {
          profileId: s.profileId,
          timeZone: s.timeZone,
          slots: s.slots.map((x) => ({ ...x })),
          source: s.source,
          message: s.message,
        },
        summary: `Set ${s.slots.length} suggested slot(s) on ${s.profileId} in ${s.timeZone}: ${s.slots.map((x) => `${x.day} ${x.time}`).join(', ')}. ${s.message}`,
      }));
    if (args.time_zone === undefined)
      return err(
        svcError('validation_failed', 'time_zone is needed with slots, e.g. "Europe/Paris".', {
          field: 'time_zone',
        }),
      );
    return replacePostingSlots(deps.core, actor, args.profile_id, {
      timeZone: args.time_zone,
      slots: args.slots,
    }).map((schedule) => ({
      structured: {
        profileId: args.profile_id,
        timeZone: schedule.timeZone,
        slots: schedule.slots.map((x) => ({ ...x })),
        source: 'given',
      },
      summary:
        schedule.slots.length === 0
          ? `Removed every posting slot of ${args.profile_id}: nothing can be queued on it until slots are set.`
          : `Set ${schedule.slots.length} slot(s) on ${args.profile_id} in ${schedule.timeZone}: ${schedule.slots.map((x) => `${x.day} ${x.time}`).join(', ')}.`,
    }));
  },
});
