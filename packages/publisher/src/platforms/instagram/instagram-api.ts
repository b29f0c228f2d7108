import { z } from 'zod';
import { type ContainerDialect, toContainerState } from '../meta/container-dialect.js';
import { firstOfData } from '../meta/graph-api.js';

/** `GET /{container-id}?fields=status_code,status`: the state, and free text such as "Error: …". */
export const instagramContainerStatusSchema = z
  .looseObject({ status_code: z.string(), status: z.string().optional() })
  .transform((body) => ({ state: toContainerState(body.status_code), detail: body.status ?? null }));

const profileFields = z.looseObject({
  user_id: z.union([z.string().min(1), z.number()]).transform(String),
  username: z.string().min(1),
  name: z.string().optional(),
  profile_picture_url: z.string().optional(),
  account_type: z.string().optional(),
  followers_count: z.number().int().nonnegative().optional(),
});

/**
 * `GET /me?fields=user_id,username,…`; the docs show it wrapped in `data[]`, the API answers flat.
 * `user_id` is the professional account id every publishing path uses.
 */
export const instagramProfileSchema = z
  .union([firstOfData(profileFields), profileFields])
  .transform((me) => ({
    id: me.user_id,
    handle: me.username,
    pictureUrl: me.profile_picture_url ?? null,
    followerCount: me.followers_count ?? null,
  }));

/** The fields asked for in `instagramProfileSchema`. */
export const INSTAGRAM_PROFILE_FIELDS =
  'user_id,username,name,profile_picture_url,account_type,followers_count';

/** Instagram's names for the container flow (platforms.md §1.2). */
export const INSTAGRAM_DIALECT: ContainerDialect = {
  platform: 'instagram',
  platformName: 'Instagram',
  createEdge: 'media',
  publishEdge: 'media_publish',
  quotaEdge: 'content_publishing_limit',
  listEdge: 'media',
  textField: 'caption',
  statusFields: 'status_code,status',
  statusSchema: instagramContainerStatusSchema,
};
