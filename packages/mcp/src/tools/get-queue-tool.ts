import {
  type AccountSlotSuggestion,
  getSlotSuggestions,
  listQueue,
  queueItemsAnswer,
  slotSuggestionSchema,
  WEEKDAYS,
} from '@svc/core';
import { okAsync } from 'neverthrow';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { READ_ONLY } from './annotations.js';

const output = z.object({
  profileId: z.string(),
  timeZone: z.string(),
  slots: z.array(z.object({ day: z.enum(WEEKDAYS), time: z.string() })),
  items: z.array(z.object({ postId: z.string(), scheduledTime: z.string() })),
  suggestions: slotSuggestionSchema
    .optional()
    .describe('With include_suggestions: suggested slots, measured or the platform defaults (see source).'),
});

/** `svc_get_queue`: an account's posting slots and the upcoming posts queued on them. */
export const getQueueTool = defineTool({
  name: 'svc_get_queue',
  title: 'Get queue',
  description:
    "Returns an account's weekly posting slots (in its time zone) and its upcoming queued posts, soonest first. svc_schedule_post with use_queue: true puts a post on the next free slot; with no slots, queueing is refused. With include_suggestions: true (needs account:read) it adds suggested slots from the account's best weekday × hour figures, or, with too few measured posts, the platform's commonly cited times (labelled as not measured); svc_set_posting_slots sets them.",
  scope: 'post:read',
  action: 'post:read',
  annotations: READ_ONLY,
  input: z.strictObject({
    profile_id: z.string().min(1).describe('A profile id from svc_list_profiles.'),
    include_suggestions: z
      .boolean()
      .optional()
      .describe('true: also answer suggested posting slots (suggestions).'),
  }),
  output,
  async run({ deps, actor }, args) {
    const suggested = () =>
      args.include_suggestions === true
        ? getSlotSuggestions(deps.core, actor, args.profile_id)
        : okAsync<AccountSlotSuggestion | undefined>(undefined);
    return listQueue(deps.core, actor, args.profile_id)
      .andThen((queue) => suggested().map((suggestions) => ({ ...queue, suggestions })))
      .map(({ schedule, items, suggestions }) => ({
        structured: {
          profileId: args.profile_id,
          timeZone: schedule.timeZone,
          slots: schedule.slots.map((s) => ({ ...s })),
          items: queueItemsAnswer(items),
          ...(suggestions === undefined ? {} : { suggestions }),
        },
        summary:
          suggestionLine(suggestions) +
          (schedule.slots.length === 0
            ? `No posting slots: nothing can be queued on ${args.profile_id} until slots are set (PUT /api/v1/connections/${args.profile_id}/slots).`
            : [
                `${schedule.slots.length} weekly slot(s) in ${schedule.timeZone}: ${schedule.slots.map((s) => `${s.day} ${s.time}`).join(', ')}.`,
                items.length === 0
                  ? 'Nothing queued yet.'
                  : `${items.length} queued: ${items.map((i) => `${i.postId} at ${i.scheduledTime.toISOString()}`).join(', ')}.`,
              ].join('\n')),
      }));
  },
});

// The suggestion's first line of the summary, or nothing when none was asked for.
function suggestionLine(s: AccountSlotSuggestion | undefined): string {
  if (s === undefined) return '';
  const slots = s.slots.map((x) => `${x.day} ${x.time}`).join(', ');
  return `Suggested slots (${s.source}): ${slots}. ${s.message} Set them with svc_set_posting_slots and use_suggestions: true.\n`;
}
