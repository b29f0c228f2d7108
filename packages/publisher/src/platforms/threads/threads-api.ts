import { z } from 'zod';
import { type ContainerDialect, toContainerState } from '../meta/container-dialect.js';

/** `GET /{container-id}?fields=status,error_message`: the state, and an error token when ERROR. */
export const threadsContainerStatusSchema = z
  .looseObject({ status: z.string(), error_message: z.string().optional() })
  .transform((body) => ({ state: toContainerState(body.status), detail: body.error_message ?? null }));

/** `GET /me?fields=id,username,name,threads_profile_picture_url`. */
export const threadsProfileSchema = z
  .looseObject({
    id: z.union([z.string().min(1), z.number()]).transform(String),
    username: z.string().min(1),
    name: z.string().optional(),
    threads_profile_picture_url: z.string().optional(),
  })
  .transform((me) => ({
    id: me.id,
    handle: me.username,
    pictureUrl: me.threads_profile_picture_url ?? null,
    // Threads reports followers through insights only, which needs another scope.
    followerCount: null,
  }));

/** The fields asked for in `threadsProfileSchema`. */
export const THREADS_PROFILE_FIELDS = 'id,username,name,threads_profile_picture_url';

/** Threads' names for the container flow (platforms.md §4.2). */
export const THREADS_DIALECT: ContainerDialect = {
  platform: 'threads',
  platformName: 'Threads',
  createEdge: 'threads',
  publishEdge: 'threads_publish',
  quotaEdge: 'threads_publishing_limit',
  listEdge: 'threads',
  replyListEdge: 'replies',
  textField: 'text',
  statusFields: 'status,error_message',
  statusSchema: threadsContainerStatusSchema,
};
