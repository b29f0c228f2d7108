// Compose's Instagram fields turned into `platformMeta.instagram`, shared by the server's form
// handling and the browser's live checks so both judge the same settings. Pure: no DOM, no server.

import { readFormFields } from './read-form-fields.js';

/** The Instagram fields of Compose as typed, every one a string (empty: not set). */
export type InstagramFormFields = {
  /** Usernames separated by commas or spaces, with or without @. */
  readonly collaborators: string;
  /** One tag a line: `username x y`, and the slide number (1 = the first) on a carousel. */
  readonly userTags: string;
  readonly locationId: string;
  /** `no` keeps a reel off the profile feed; empty: shared to it (Instagram's default). */
  readonly shareToFeed: string;
  /** The reel's cover frame, in seconds from the start. */
  readonly coverSecond: string;
  readonly coverUrl: string;
};

/** Nothing set: Instagram's defaults. */
export const INSTAGRAM_FORM_EMPTY: InstagramFormFields = {
  collaborators: '',
  userTags: '',
  locationId: '',
  shareToFeed: '',
  coverSecond: '',
  coverUrl: '',
};

// Each field's form name (`ig-` keeps them apart from the post's own), by field.
const NAMES: readonly (readonly [keyof InstagramFormFields, string])[] = [
  ['collaborators', 'ig-collaborators'],
  ['userTags', 'ig-tags'],
  ['locationId', 'ig-location'],
  ['shareToFeed', 'ig-share'],
  ['coverSecond', 'ig-cover-second'],
  ['coverUrl', 'ig-cover-url'],
];

/** The form names of the fields, by field. */
export const INSTAGRAM_FIELD_NAMES = Object.fromEntries(NAMES) as Readonly<
  Record<keyof InstagramFormFields, string>
>;

/** The fields read with `get` (a form's value by name; null when absent). */
export function instagramFormFields(get: (name: string) => string | null): InstagramFormFields {
  return readFormFields(INSTAGRAM_FIELD_NAMES, get);
}

// A typed number when it reads as one; otherwise the text as typed, for the policy to refuse by name.
const numberOr = (text: string): number | string =>
  text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;

/**
 * `platformMeta.instagram` of the fields, or null when none is set. An @ before a username is
 * dropped (people type handles that way); the cover second becomes milliseconds; anything that
 * does not read goes as typed, for the policy to judge and name.
 */
export function instagramMetaOf(fields: InstagramFormFields): Record<string, unknown> | null {
  const meta: Record<string, unknown> = {};
  const collaborators = fields.collaborators
    .split(/[\s,]+/)
    .map((name) => name.replace(/^@/, ''))
    .filter((name) => name !== '');
  if (collaborators.length > 0) meta.collaborators = collaborators;
  const tags = fields.userTags
    .split('\n')
    .map((line) => line.trim().split(/[\s,]+/))
    .filter((parts) => parts[0] !== '')
    .map(([username = '', x = '', y = '', slide]) => ({
      username: username.replace(/^@/, ''),
      x: numberOr(x),
      y: numberOr(y),
      ...(slide === undefined
        ? {}
        : { mediaIndex: typeof numberOr(slide) === 'number' ? Number(slide) - 1 : slide }),
    }));
  if (tags.length > 0) meta.userTags = tags;
  if (fields.locationId !== '') meta.locationId = fields.locationId;
  if (fields.shareToFeed === 'no') meta.shareToFeed = false;
  if (fields.coverSecond !== '') {
    const second = numberOr(fields.coverSecond);
    meta.thumbOffset = typeof second === 'number' ? Math.round(second * 1000) : second;
  }
  if (fields.coverUrl !== '') meta.coverUrl = fields.coverUrl;
  return Object.keys(meta).length === 0 ? null : meta;
}

/** The fields showing a stored `platformMeta.instagram` again (a duplicated post). */
export function instagramFormFieldsOf(
  meta: Readonly<Record<string, unknown>> | undefined,
): InstagramFormFields {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const list = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
  const tagLine = (tag: unknown) => {
    const { username, x, y, mediaIndex } = (tag ?? {}) as Record<string, unknown>;
    const slide = typeof mediaIndex === 'number' && mediaIndex > 0 ? ` ${mediaIndex + 1}` : '';
    return `${String(username)} ${String(x)} ${String(y)}${slide}`;
  };
  return {
    collaborators: list(meta?.collaborators)
      .filter((n) => typeof n === 'string')
      .join(', '),
    userTags: list(meta?.userTags).map(tagLine).join('\n'),
    locationId: text(meta?.locationId),
    shareToFeed: meta?.shareToFeed === false ? 'no' : '',
    coverSecond: typeof meta?.thumbOffset === 'number' ? String(meta.thumbOffset / 1000) : '',
    coverUrl: text(meta?.coverUrl),
  };
}
