import { z } from 'zod';
import { PLATFORMS } from '../../kernel/index.js';
import { WEEKDAYS } from '../../queue/index.js';

/** What `getSlotSuggestions` answers, as JSON: the same on REST and in the tools. */
export const slotSuggestionSchema = z.object({
  profileId: z.string(),
  platform: z.enum(PLATFORMS),
  source: z
    .enum(['analytics', 'platform_defaults'])
    .describe(
      "analytics: measured on this account's posts; platform_defaults: the platform's commonly cited times, general guidance, not measured (too few posts).",
    ),
  timeZone: z.string().describe('The zone the slots and the cells are read in.'),
  days: z.number().int().describe('The window of figures read, in days.'),
  samples: z.number().int().describe('Posts with engagement figures in the window.'),
  slots: z
    .array(z.object({ day: z.enum(WEEKDAYS), time: z.string() }))
    .describe('In week order, as PUT /api/v1/connections/{id}/slots takes them.'),
  cells: z
    .array(
      z.object({
        day: z.enum(WEEKDAYS),
        hour: z.number().int(),
        samples: z.number().int(),
        score: z.number().describe('Mean engagement per post in the cell.'),
      }),
    )
    .describe('The weekday × hour cells behind the slots, best first; empty for platform defaults.'),
  message: z.string().describe('Where the slots come from, in a sentence to show as it is.'),
});
