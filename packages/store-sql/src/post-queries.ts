import type { PostStore } from '@svc/core';

/** The read queries of a PostStore, which each dialect keeps in a file of their own. */
export type PostQueries = Pick<
  PostStore,
  | 'listPosts'
  | 'countPostsByStatus'
  | 'upcomingPosts'
  | 'postsWithContentBetween'
  | 'listDeletedPosts'
  | 'postsScheduledBetween'
  | 'evergreenPosts'
  | 'recycledCopiesOf'
>;
