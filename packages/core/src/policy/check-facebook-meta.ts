import { policyError } from './policy-issue.js';
import type { PolicyIssue } from './policy-types.js';

const FIELD = 'platformMeta.facebook.link';

/**
 * `platformMeta.facebook.link`: the link whose preview card a Page's text post shows (Graph
 * `POST /{page-id}/feed` `link`). Only an http(s) URL, and only on a post without media: a
 * photo or reel post goes to other endpoints, where a link would be dropped without a word.
 */
export function checkFacebookMeta(
  platformMeta: Readonly<Record<string, unknown>> | null,
  mediaCount: number,
): PolicyIssue[] {
  const entry = platformMeta?.facebook;
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return [];
  const link = (entry as Readonly<Record<string, unknown>>).link;
  if (link === undefined || link === null) return [];
  if (!isHttpUrl(link)) {
    return [
      policyError(
        'invalid_facebook_option',
        'facebook',
        FIELD,
        'The Facebook link must be a whole http(s) URL, such as https://example.com/article.',
      ),
    ];
  }
  if (mediaCount > 0) {
    return [
      policyError(
        'invalid_facebook_option',
        'facebook',
        FIELD,
        'Facebook shows a link preview on text posts only: remove the photos and videos, or remove the link (a link in the caption stays clickable).',
      ),
    ];
  }
  return [];
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.trim() !== value || value.length > 2048) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
