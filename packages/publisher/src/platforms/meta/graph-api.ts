import { z } from 'zod';

// Wire shapes Instagram, Threads and Facebook share. Ids are strings on the wire, but some OAuth
// answers send numbers; both are read as strings.
const id = z.union([z.string().min(1), z.number()]).transform(String);

/** `{id}`: a created container, published media or post. */
export const createdSchema = z.looseObject({ id });

/** `{data:[{quota_usage, config:{quota_total, quota_duration}}]}` of the publishing-limit edges. */
export const publishingLimitSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      quota_usage: z.number(),
      config: z.looseObject({ quota_total: z.number(), quota_duration: z.number().optional() }).optional(),
    }),
  ),
});

/** One page of an account's latest media or threads, newest first. */
export const recentMediaSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      id,
      caption: z.string().optional(),
      text: z.string().optional(),
      permalink: z.string().optional(),
      timestamp: z.string(),
    }),
  ),
  paging: z.looseObject({}).optional(),
});

const pagingSchema = z.looseObject({
  cursors: z.looseObject({ after: z.string().optional() }).optional(),
  next: z.string().optional(),
});

/** The `after` cursor of a Graph list page, or null on the last page (Graph omits `next` there). */
export function nextPageCursor(body: { paging?: unknown }): string | null {
  const paging = pagingSchema.safeParse(body.paging);
  if (!paging.success || paging.data.next === undefined) return null;
  return paging.data.cursors?.after ?? null;
}

/** An item of `recentMediaSchema`. */
export type RecentMedia = z.infer<typeof recentMediaSchema>['data'][number];

/** `{id, permalink}` of published media. */
export const permalinkSchema = z.looseObject({ id, permalink: z.string().optional() });

/** A body's own fields, or those of the first item of `data[]` when the body wraps them. */
export function firstOfData<T extends z.ZodType>(fields: T) {
  return z.object({ data: z.array(fields).min(1) }).transform((body) => body.data[0] as z.output<T>);
}

const shortTokenFields = z.looseObject({
  access_token: z.string().min(1),
  user_id: id.optional(),
  permissions: z.union([z.string(), z.array(z.string())]).optional(),
});

/**
 * The code exchange's short-lived token. Instagram's docs wrap it in `data[]`, while clients
 * observe it flat; `permissions` is a comma list or an array. Every variant reads the same.
 */
export const shortLivedTokenSchema = z
  .union([firstOfData(shortTokenFields), shortTokenFields])
  .transform((fields) => {
    const permissions =
      fields.permissions === undefined
        ? null
        : (typeof fields.permissions === 'string' ? fields.permissions.split(',') : fields.permissions)
            .map((permission) => permission.trim())
            .filter((permission) => permission !== '');
    return { accessToken: fields.access_token, userId: fields.user_id ?? null, permissions };
  });

/** `{access_token, token_type, expires_in}` of a long-lived token exchange or refresh. */
export const longLivedTokenSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
});
