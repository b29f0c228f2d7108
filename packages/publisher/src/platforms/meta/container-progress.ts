import { z } from 'zod';

/**
 * `post.publishProgress` of an Instagram or Threads publish:
 * - `children`: carousel child container ids created so far, in slide order;
 * - `containerId`: the container to publish (single media, or the carousel parent);
 * - `firstPolledAt`: when the containers now awaited were first seen unfinished (the polling limit);
 * - `publishStartedAt`: set, and saved, before the publish call; from then on the container's
 *   status is read before publishing, and PUBLISHED means an earlier call went through;
 * - `mediaId`: the published media, whose permalink is still to be read;
 * - `restarts`: how often containers were made afresh (expired, or failed for a transient reason);
 * - `publishAgain`: publishes sent again after Instagram's temporary 2207008;
 * - `lookups`: reads of a published post (permalink, or recovery after a lost answer) so far.
 */
export const containerProgressSchema = z.object({
  children: z.array(z.string()).default([]),
  containerId: z.string().optional(),
  firstPolledAt: z.iso.datetime({ offset: true }).optional(),
  publishStartedAt: z.iso.datetime({ offset: true }).optional(),
  mediaId: z.string().optional(),
  restarts: z.number().int().nonnegative().default(0),
  publishAgain: z.number().int().nonnegative().optional(),
  lookups: z.number().int().nonnegative().default(0),
});

/** The handles of an Instagram or Threads publish. */
export type ContainerProgress = z.infer<typeof containerProgressSchema>;
