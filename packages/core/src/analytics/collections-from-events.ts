import type { JournalEvent } from '../journal/index.js';
import { PLATFORMS, type Platform } from '../kernel/index.js';
import type { NewCollection } from './collection-job.js';
import { nextCollectionAt } from './collection-schedule.js';
import { firstPublicIdCheckAt } from './public-id-schedule.js';

/**
 * The metric collections the journal's events start: one per `post.posted`, first read one hour
 * after publishing; a post whose public id the platform held back (`publicIdPending`) starts
 * `awaiting_id`, first asked for its id a minute after publishing. Other events start none; the
 * stores call this as they follow the journal.
 */
export function collectionsFromEvents(events: readonly JournalEvent[]): NewCollection[] {
  return events.flatMap((event): NewCollection[] => {
    if (event.type !== 'post.posted') return [];
    const { platform, profileId, platformPostId } = event.data;
    if (
      typeof profileId !== 'string' ||
      typeof platformPostId !== 'string' ||
      !PLATFORMS.includes(platform as Platform)
    ) {
      return [];
    }
    const awaiting = event.data.publicIdPending === true;
    const nextAt = awaiting ? firstPublicIdCheckAt(event.at) : nextCollectionAt(event.at, null);
    if (nextAt === null) return [];
    return [
      {
        postId: event.subjectId,
        ownerId: event.ownerId,
        accountId: profileId,
        platform: platform as Platform,
        platformPostId,
        publishedAt: event.at,
        nextAt,
        status: awaiting ? 'awaiting_id' : 'pending',
      },
    ];
  });
}
