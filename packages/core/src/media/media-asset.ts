import { z } from 'zod';

export { ALLOWED_MEDIA_TYPES, type AllowedMediaType, isImageType, isVideoType } from '../kernel/index.js';

/** A stored media file (spec 2.6) with what inspection found out about it. */
export const mediaAssetSchema = z.object({
  id: z.string().min(1),
  ownerId: z.string().min(1),
  /** `pending` while an upload target is issued but the bytes have not arrived. */
  status: z.enum(['pending', 'active']),
  /** Detected from the bytes, never from the link or a header. */
  contentType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  durationMs: z.number().int().nonnegative().nullable(),
  /** Content address (SHA-256, hex) of the bytes in blob storage; identical bytes share a blob. */
  blobKey: z.string().nullable(),
  /** The link the file was imported from, if any; the same link imports to the same asset. */
  sourceUrl: z.string().nullable(),
  createdAt: z.date(),
});

/** A media asset. */
export type MediaAsset = z.infer<typeof mediaAssetSchema>;
