import { describeValue as describe } from './describe-value.js';
import { policyError, policyWarning } from './policy-issue.js';
import type { PolicyIssue } from './policy-types.js';
import { YOUTUBE_TAGS_MAX, youtubeTagsLength } from './youtube-tags-length.js';

const META = 'platformMeta.youtube';
/** `status.privacyStatus` of the videos resource. */
export const YOUTUBE_PRIVACY_STATUSES = ['public', 'unlisted', 'private'] as const;
// Category ids are numeric strings ("22"); which ones are assignable depends on the region, so
// the simulator and YouTube judge the id itself (`invalidCategoryId`).
const CATEGORY_ID = /^\d{1,4}$/;
// Playlist ids are URL-safe base64 strings (PL…, UU…, OL…); anything else cannot be one.
const PLAYLIST_ID = /^[A-Za-z0-9_-]{2,64}$/;
// A BCP-47 language tag, which is what `snippet.defaultLanguage` takes ("en", "pt-BR", "zh-Hant").
const LANGUAGE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

type Loose = Readonly<Record<string, unknown>>;

/**
 * YouTube settings of a post (contract.md, issue 37): privacy, `notifySubscribers` and
 * `madeForKids` as booleans, a numeric category id, tags within YouTube's 500 characters, a
 * playlist id and a language tag. Every problem is an `invalid_youtube_option` naming its field.
 * An undeclared audience is not refused but warned about: the upload then declares the video not
 * made for kids (the documented default), and the person must know that choice was made for them.
 */
export function checkYouTubeMeta(meta: Loose | null): PolicyIssue[] {
  const issues: PolicyIssue[] = [];
  const refuse = (field: string, message: string) =>
    issues.push(policyError('invalid_youtube_option', 'youtube', `${META}.${field}`, message));
  const given = (field: string) => meta?.[field] !== undefined && meta?.[field] !== null;

  const privacy = meta?.privacyStatus;
  if (given('privacyStatus') && !(YOUTUBE_PRIVACY_STATUSES as readonly unknown[]).includes(privacy)) {
    const lower = typeof privacy === 'string' ? privacy.trim().toLowerCase() : '';
    const hint = (YOUTUBE_PRIVACY_STATUSES as readonly string[]).includes(lower)
      ? ` Did you mean ${lower}?`
      : '';
    refuse(
      'privacyStatus',
      `${describe(privacy)} is not a YouTube privacy status. Use public, unlisted or private.${hint}`,
    );
  }
  for (const field of ['notifySubscribers', 'madeForKids'] as const) {
    if (given(field) && typeof meta?.[field] !== 'boolean') {
      refuse(field, `${field} is true or false, not ${describe(meta?.[field])}.`);
    }
  }
  if (given('categoryId') && !(typeof meta?.categoryId === 'string' && CATEGORY_ID.test(meta.categoryId))) {
    refuse(
      'categoryId',
      `${describe(meta?.categoryId)} is not a YouTube category id: give the number as a string, e.g. "22" (People & Blogs) or "10" (Music).`,
    );
  }
  if (given('tags')) issues.push(...checkTags(meta?.tags));
  if (given('playlistId') && !(typeof meta?.playlistId === 'string' && PLAYLIST_ID.test(meta.playlistId))) {
    refuse(
      'playlistId',
      `${describe(meta?.playlistId)} is not a YouTube playlist id (the part after list= in the playlist's link, e.g. PLxxxx).`,
    );
  }
  if (
    given('defaultLanguage') &&
    !(typeof meta?.defaultLanguage === 'string' && LANGUAGE.test(meta.defaultLanguage))
  ) {
    refuse(
      'defaultLanguage',
      `${describe(meta?.defaultLanguage)} is not a language tag: use a BCP-47 tag such as "en", "fr" or "pt-BR".`,
    );
  }
  if (!given('madeForKids')) {
    issues.push(
      policyWarning(
        'made_for_kids_undeclared',
        'youtube',
        `${META}.madeForKids`,
        'The video will be declared not made for kids, because platformMeta.youtube.madeForKids is not set. US law (COPPA) requires the right audience: set madeForKids to true or false to declare it yourself.',
      ),
    );
  }
  return issues;
}

function checkTags(tags: unknown): PolicyIssue[] {
  const field = `${META}.tags`;
  const refuse = (message: string) => [policyError('invalid_youtube_option', 'youtube', field, message)];
  if (!Array.isArray(tags)) return refuse(`tags is a list of strings, not ${describe(tags)}.`);
  const bad = tags.findIndex((tag) => typeof tag !== 'string' || tag.trim() === '' || /[<>,]/.test(tag));
  if (bad !== -1) {
    return [
      policyError(
        'invalid_youtube_option',
        'youtube',
        `${field}[${bad}]`,
        `Tag ${bad + 1} (${describe(tags[bad])}) cannot be a YouTube tag: each tag is non-empty text without <, > or commas.`,
      ),
    ];
  }
  const length = youtubeTagsLength(tags as string[]);
  if (length > YOUTUBE_TAGS_MAX) {
    return refuse(
      `The tags come to ${length} characters as YouTube counts them (commas between tags, quotes around tags with spaces); YouTube allows ${YOUTUBE_TAGS_MAX}. Remove some tags.`,
    );
  }
  return [];
}
