import type { Platform } from '../kernel/index.js';
import type { PostingSlot, Weekday } from '../queue/index.js';

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
  instagram: slotsOn({ mon: '11:00', tue: '10:00', wed: '11:00', thu: '10:00', fri: '11:00' }),
  facebook: slotsOn({ mon: '09:00', tue: '10:00', wed: '09:00', thu: '10:00', fri: '09:00' }),
  threads: slotsOn({ mon: '08:00', tue: '08:00', wed: '08:00', thu: '08:00', fri: '08:00' }),
  tiktok: slotsOn({ tue: '17:00', wed: '17:00', thu: '19:00', fri: '17:00', sat: '11:00' }),
  youtube: slotsOn({ wed: '15:00', thu: '15:00', fri: '15:00', sat: '10:00', sun: '10:00' }),
};

// A platform's row above: one time on each day it names, in the order named.
function slotsOn(times: Partial<Record<Weekday, string>>): PostingSlot[] {
  return Object.entries(times).map(([day, time]) => ({ day: day as Weekday, time }));
}
