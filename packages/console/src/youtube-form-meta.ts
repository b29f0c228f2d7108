// Compose's YouTube fields turned into `platformMeta.youtube`, shared by the server's form
// handling and the browser's live checks so both judge the same settings. Pure: no DOM, no server.

import { readFormFields } from './read-form-fields.js';

/** The YouTube fields of Compose as typed, every one a string (empty: not set). */
export type YouTubeFormFields = {
  readonly privacyStatus: string;
  readonly madeForKids: string;
  readonly notifySubscribers: string;
  readonly categoryId: string;
  readonly tags: string;
  readonly playlistId: string;
  readonly defaultLanguage: string;
};

/** Nothing set: YouTube's defaults, and the audience still to be declared. */
export const YOUTUBE_FORM_EMPTY: YouTubeFormFields = {
  privacyStatus: '',
  madeForKids: '',
  notifySubscribers: '',
  categoryId: '',
  tags: '',
  playlistId: '',
  defaultLanguage: '',
};

/** The form names of the fields (`yt-` keeps them apart from the post's own). */
export const YOUTUBE_FIELD_NAMES: Readonly<Record<keyof YouTubeFormFields, string>> = {
  privacyStatus: 'yt-privacy',
  madeForKids: 'yt-kids',
  notifySubscribers: 'yt-notify',
  categoryId: 'yt-category',
  tags: 'yt-tags',
  playlistId: 'yt-playlist',
  defaultLanguage: 'yt-language',
};

/** The fields read with `get` (a form's value by name; null when absent). */
export function youtubeFormFields(get: (name: string) => string | null): YouTubeFormFields {
  return readFormFields(YOUTUBE_FIELD_NAMES, get);
}

/**
 * `platformMeta.youtube` of the fields, or null when none is set. Tags are typed separated by
 * commas; the yes/no choices become booleans; anything else goes as typed, for the policy to judge.
 */
export function youtubeMetaOf(fields: YouTubeFormFields): Record<string, unknown> | null {
  const meta: Record<string, unknown> = {};
  const yesNo = (value: string) => (value === 'yes' ? true : value === 'no' ? false : undefined);
  if (fields.privacyStatus !== '') meta.privacyStatus = fields.privacyStatus;
  const kids = yesNo(fields.madeForKids);
  if (kids !== undefined) meta.madeForKids = kids;
  const notify = yesNo(fields.notifySubscribers);
  if (notify !== undefined) meta.notifySubscribers = notify;
  if (fields.categoryId !== '') meta.categoryId = fields.categoryId;
  const tags = fields.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  if (tags.length > 0) meta.tags = tags;
  if (fields.playlistId !== '') meta.playlistId = fields.playlistId;
  if (fields.defaultLanguage !== '') meta.defaultLanguage = fields.defaultLanguage;
  return Object.keys(meta).length === 0 ? null : meta;
}

/** The fields showing a stored `platformMeta.youtube` again (a duplicated post). */
export function youtubeFormFieldsOf(meta: Readonly<Record<string, unknown>> | undefined): YouTubeFormFields {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const yesNo = (value: unknown) => (value === true ? 'yes' : value === false ? 'no' : '');
  return {
    // Public is the form's default choice (an empty value).
    privacyStatus: meta?.privacyStatus === 'public' ? '' : text(meta?.privacyStatus),
    madeForKids: yesNo(meta?.madeForKids),
    notifySubscribers: yesNo(meta?.notifySubscribers),
    categoryId: text(meta?.categoryId),
    tags: Array.isArray(meta?.tags) ? meta.tags.filter((t) => typeof t === 'string').join(', ') : '',
    playlistId: text(meta?.playlistId),
    defaultLanguage: text(meta?.defaultLanguage),
  };
}
