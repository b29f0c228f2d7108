import type { SandboxHttpError } from '../shared/graph-error.js';
import { type JsonObject, jsonObjectOf } from '../shared/json-object.js';
import { googleError, googleJsonBody } from './google-error.js';
import type { YouTubeSnippet, YouTubeVideoSettings } from './youtube-state.js';

// The assignable categories of the US region (videoCategories.list), which is all the sandbox knows.
const CATEGORY_IDS = new Set([
  '1',
  '2',
  '10',
  '15',
  '17',
  '19',
  '20',
  '22',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
  '29',
]);
const PRIVACY = new Set(['private', 'unlisted', 'public']);
// BCP-47 language tags ("en", "pt-BR"); the sandbox takes their shape, not the registry.
const LANGUAGE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
const TAGS_MAX = 500;
const ANGLE_BRACKETS = /[<>]/;

const invalid = (reason: string, message: string): SandboxHttpError =>
  googleError(400, reason, message, 'youtube.video');

/**
 * Reads and checks the video resource of `videos.insert` (platforms.md 3.2, 3.3): a title of 1 to
 * 100 characters and a description of at most 5000 UTF-8 bytes, neither with `<` or `>`; tags of
 * at most 500 characters together as YouTube counts them (commas between tags, quotes around a
 * tag with a space), none empty or with `<`/`>`; a known category; a BCP-47 default language; privacy `private|unlisted|public` (default
 * public); `publishAt` only on private videos, in the future.
 */
export function readVideoMetadata(
  body: Buffer,
  now: number,
): { snippet: YouTubeSnippet; settings: YouTubeVideoSettings } {
  const resource = jsonObjectOf(body.length === 0 ? {} : googleJsonBody(body));
  if (resource === null) throw googleError(400, 'parseError', 'Parse Error', 'global');
  const snippet = jsonObjectOf(resource.snippet) ?? {};
  const status = jsonObjectOf(resource.status) ?? {};
  return { snippet: readSnippet(snippet), settings: readSettings(status, now) };
}

function readSnippet(snippet: JsonObject): YouTubeSnippet {
  const { title, description = '', tags = [], categoryId = '22', defaultLanguage } = snippet;
  if (
    typeof title !== 'string' ||
    title.trim() === '' ||
    [...title].length > 100 ||
    ANGLE_BRACKETS.test(title)
  ) {
    throw invalid('invalidTitle', 'The request metadata specifies an invalid or empty video title.');
  }
  if (
    typeof description !== 'string' ||
    Buffer.byteLength(description, 'utf8') > 5000 ||
    ANGLE_BRACKETS.test(description)
  ) {
    throw invalid('invalidDescription', 'The request metadata specifies an invalid video description.');
  }
  if (
    !Array.isArray(tags) ||
    !tags.every((tag) => typeof tag === 'string' && tag.trim() !== '' && !ANGLE_BRACKETS.test(tag)) ||
    tagsLength(tags as string[]) > TAGS_MAX
  ) {
    throw invalid('invalidTags', 'The request metadata specifies invalid video keywords.');
  }
  if (typeof categoryId !== 'string' || !CATEGORY_IDS.has(categoryId)) {
    throw invalid('invalidCategoryId', 'The snippet.categoryId property specifies an invalid category ID.');
  }
  if (
    defaultLanguage !== undefined &&
    (typeof defaultLanguage !== 'string' || !LANGUAGE.test(defaultLanguage))
  ) {
    throw invalid('invalidVideoMetadata', 'The snippet.defaultLanguage property is not a valid language.');
  }
  return {
    title,
    description,
    tags: tags as string[],
    categoryId,
    defaultLanguage: typeof defaultLanguage === 'string' ? defaultLanguage : null,
  };
}

/** The videos resource's count for `snippet.tags`: characters, commas, quotes around spaced tags. */
function tagsLength(tags: readonly string[]): number {
  const chars = tags.reduce((sum, tag) => sum + [...tag].length + (tag.includes(' ') ? 2 : 0), 0);
  return chars + Math.max(0, tags.length - 1);
}

function readSettings(status: JsonObject, now: number): YouTubeVideoSettings {
  const {
    privacyStatus = 'public',
    publishAt,
    selfDeclaredMadeForKids = false,
    license = 'youtube',
    embeddable = true,
  } = status;
  if (typeof privacyStatus !== 'string' || !PRIVACY.has(privacyStatus)) {
    throw invalid('invalidVideoMetadata', `The privacy status "${String(privacyStatus)}" is not valid.`);
  }
  if (publishAt !== undefined) {
    const at = typeof publishAt === 'string' ? Date.parse(publishAt) : Number.NaN;
    if (privacyStatus !== 'private' || Number.isNaN(at) || at <= now) {
      throw invalid(
        'invalidPublishAt',
        'The request metadata specifies an invalid scheduled publishing time: it must be in the future ' +
          'and the video must be private.',
      );
    }
  }
  if (typeof selfDeclaredMadeForKids !== 'boolean' || typeof embeddable !== 'boolean') {
    throw invalid('invalidVideoMetadata', 'The request metadata is invalid.');
  }
  if (license !== 'youtube' && license !== 'creativeCommon') {
    throw invalid('invalidVideoMetadata', `The license "${String(license)}" is not valid.`);
  }
  return {
    privacyStatus: privacyStatus as YouTubeVideoSettings['privacyStatus'],
    publishAt: typeof publishAt === 'string' ? new Date(publishAt).toISOString() : null,
    selfDeclaredMadeForKids,
    license,
    embeddable,
  };
}
