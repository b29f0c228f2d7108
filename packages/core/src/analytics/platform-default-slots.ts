import type { Platform } from '../kernel/index.js';
import type { PostingSlot } from '../queue/index.js';

/**
 * Each platform's commonly cited posting times, as local times of the account's zone, suggested
 * when an account has too few measured posts. They are general industry guidance, NOT measured
 * on any account: they summarise what the yearly "best time to post" studies of social-media
 * tool vendors (Sprout Social, Hootsuite, Buffer, Later; 2023–2025) repeat across audiences:
 * weekday late mornings for Instagram and Facebook, weekday mornings for Threads, weekday
 * evenings for TikTok, weekday afternoons and weekend mornings for YouTube. One slot a day at
 * most, five a week: a start the account's own figures replace once they exist.
 */
export const PLATFORM_DEFAULT_SLOTS: Readonly<Record<Platform, readonly PostingSlot[]>> = {
  instagram: [
    { day: 'mon', time: '11:00' },
    { day: 'tue', time: '10:00' },
    { day: 'wed', time: '11:00' },
    { day: 'thu', time: '10:00' },
    { day: 'fri', time: '11:00' },
  ],
  facebook: [
    { day: 'mon', time: '09:00' },
    { day: 'tue', time: '10:00' },
    { day: 'wed', time: '09:00' },
    { day: 'thu', time: '10:00' },
    { day: 'fri', time: '09:00' },
  ],
  threads: [
    { day: 'mon', time: '08:00' },
    { day: 'tue', time: '08:00' },
    { day: 'wed', time: '08:00' },
    { day: 'thu', time: '08:00' },
    { day: 'fri', time: '08:00' },
  ],
  tiktok: [
    { day: 'tue', time: '17:00' },
    { day: 'wed', time: '17:00' },
    { day: 'thu', time: '19:00' },
    { day: 'fri', time: '17:00' },
    { day: 'sat', time: '11:00' },
  ],
  youtube: [
    { day: 'wed', time: '15:00' },
    { day: 'thu', time: '15:00' },
    { day: 'fri', time: '15:00' },
    { day: 'sat', time: '10:00' },
    { day: 'sun', time: '10:00' },
  ],
};
