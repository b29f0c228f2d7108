import { listQueue, WEEKDAYS } from '@svc/core';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { READ_ONLY } from './annotations.js';

const output = z.object({
  profileId: z.string(),
  timeZone: z.string(),
  slots: z.array(z.object({ day: z.enum(WEEKDAYS), time: z.string() })),
  items: z.array(z.object({ postId: z.string(), scheduledTime: z.string() })),
});

/** `svc_get_queue`: an account's posting slots and the upcoming posts queued on them. */
export const getQueueTool = defineTool({
  name: 'svc_get_queue',
  title: 'Get queue',
  description:
    "Returns an account's weekly posting slots (in its time zone) and its upcoming queued posts, soonest first. svc_schedule_post with use_queue: true puts a post on the next free slot; with no slots, queueing is refused.",
  scope: 'post:read',
  annotations: READ_ONLY,
  input: z.strictObject({
    profile_id: z.string().min(1).describe('A profile id from svc_list_profiles.'),
  }),
  output,
  async run({ deps, actor }, args) {
    return listQueue(deps.core, actor, args.profile_id).map(({ schedule, items }) => ({
      structured: {
        profileId: args.profile_id,
        timeZone: schedule.timeZone,
        slots: schedule.slots.map((s) => ({ ...s })),
        items: items.map((i) => ({ postId: i.postId, scheduledTime: i.scheduledTime.toISOString() })),
      },
      summary:
        schedule.slots.length === 0
          ? `No posting slots: nothing can be queued on ${args.profile_id} until slots are set (PUT /api/v1/connections/${args.profile_id}/slots).`
          : [
              `${schedule.slots.length} weekly slot(s) in ${schedule.timeZone}: ${schedule.slots.map((s) => `${s.day} ${s.time}`).join(', ')}.`,
              items.length === 0
                ? 'Nothing queued yet.'
                : `${items.length} queued: ${items.map((i) => `${i.postId} at ${i.scheduledTime.toISOString()}`).join(', ')}.`,
            ].join('\n'),
    }));
  },
});
