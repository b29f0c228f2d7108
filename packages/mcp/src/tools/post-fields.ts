import { INSTAGRAM_COLLABORATORS_MAX, LIMIT_PHRASES, PLATFORMS, THREAD_PARTS_MAX } from '@svc/core';
import { z } from 'zod';

// Fields svc_schedule_post and svc_draft_post share, with their limits from core's policy.

/** A list of one to the most slides a post may name. */
export const slideList = () => z.array(z.string().min(1)).min(1).max(LIMIT_PHRASES.maxMediaItems);

/** `media_ids`: library media ids in slide order. */
const mediaIdsField = slideList().optional().describe('Media ids in slide order.');

/** `title`: the title YouTube and TikTok require. */
const titleField = z.string().optional().describe(LIMIT_PHRASES.titleRule);

/** `platform_meta`: per-platform options; the first comment is spelled out for agents to find. */
const platformMetaField = z
  .record(z.string(), z.unknown())
  .optional()
  .describe(
    [
      'Keyed by platform; platform_meta.tiktok.privacyLevel is required for tiktok.',
      'platform_meta.<instagram|facebook|threads|youtube>.firstComment (text): a comment posted under the post once it is live (a reply on Threads), the usual place for hashtags and links; svc_get_post_status reports its outcome in firstComment.',
      'platform_meta.youtube takes privacyStatus (public, unlisted, private), notifySubscribers and madeForKids (booleans; without madeForKids the video is declared not made for kids, with a warning), categoryId ("22"), tags (500 characters in all), playlistId and defaultLanguage ("en").',
      `platform_meta.instagram takes collaborators (up to ${INSTAGRAM_COLLABORATORS_MAX} usernames without @), userTags ([{username, x, y, mediaIndex?}], x and y from 0 to 1 on an image; mediaIndex picks a carousel slide, 0-based), locationId (a Facebook Page id with a location) and, on a reel (one video), coverUrl or thumbOffset (cover frame in ms) and shareToFeed (boolean, default true).`,
      `platform_meta.threads.thread is a reply chain published under the post once it is live: a list of at most ${THREAD_PARTS_MAX} parts [{ caption, mediaIds? }] (each part within Threads' own caption and link limits; mediaIds from your library: none, one, or a carousel), each replying to the one before; svc_get_post_status reports each part in thread.`,
      'platform_meta.threads.replyControl says who may reply to the post and its parts: everyone, accounts_you_follow, mentioned_only, parent_post_author_only or followers_only.',
      "platform_meta.tiktok also takes disableComment, disableDuet, disableStitch, commercialContentDisclosure with brandOrganicOptIn (labelled 'Promotional content') and/or brandContentOptIn (a paid partnership, labelled 'Paid partnership', never SELF_ONLY), and isAigc (videos only: labelled AI-generated).",
      "platform_meta.facebook.link (http(s) URL, text posts only) shows that link's preview card.",
    ].join(' '),
  );

/** `platforms`: one or more platforms; what they are for is the tool's to say. */
export const platformsField = (meaning: string) =>
  z.array(z.enum(PLATFORMS)).min(1).optional().describe(meaning);

/** `profile_ids`: one or more profile ids (from svc_list_profiles); what they stand for is the tool's to say. */
export const profileIdsField = (meaning: string) =>
  z.array(z.string().min(1)).min(1).optional().describe(meaning);

/** What a post's content shares between svc_schedule_post and svc_draft_post: its title, library media and options. */
export const postContentFields = {
  title: titleField,
  media_ids: mediaIdsField,
  platform_meta: platformMetaField,
};
