import { z } from 'zod';

/** One slide of a post: an asset in our storage, or an outside link a platform fetches itself. */
export const mediaRefSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('asset'),
    mediaId: z.string().min(1),
    /**
     * Set when the service made this asset for the platform from one of the user's own (a JPEG
     * converted from a PNG, a photo padded to the set's size): the id of that original.
     */
    derivedFrom: z.string().min(1).optional(),
  }),
  z.object({ kind: z.literal('link'), url: z.url() }),
]);

/** One slide of a post. */
export type MediaRef = z.infer<typeof mediaRefSchema>;

/** The ids of the assets among some slides, in slide order (links name none). */
export function assetIdsOf(slides: readonly MediaRef[]): string[] {
  return slides.flatMap((s) => (s.kind === 'asset' ? [s.mediaId] : []));
}
