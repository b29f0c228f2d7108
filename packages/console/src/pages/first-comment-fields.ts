import {
  FIRST_COMMENT_LIMITS,
  FIRST_COMMENT_PLATFORMS,
  PLATFORM_NAMES,
  type Platform,
  type PlatformMeta,
} from '@svc/core';
import { type Html, html } from '@svc/web';

/** The first comment typed for each platform that takes one (empty: none). */
export type FirstCommentFields = Readonly<Partial<Record<Platform, string>>>;

const FIELD = (platform: Platform) => `firstComment.${platform}`;

/** The first comments of a sent form, by platform; blank ones are left out. */
export function firstCommentFieldsOf(fields: URLSearchParams): FirstCommentFields {
  return Object.fromEntries(
    FIRST_COMMENT_PLATFORMS.flatMap((p) => {
      const text = fields.get(FIELD(p)) ?? '';
      return text.trim() === '' ? [] : [[p, text]];
    }),
  );
}

/** A post's first comments, to compose a copy of it. */
export function firstCommentFieldsOfMeta(meta: PlatformMeta | null): FirstCommentFields {
  return Object.fromEntries(
    FIRST_COMMENT_PLATFORMS.flatMap((p) => {
      const text = (meta?.[p] as { firstComment?: unknown } | undefined)?.firstComment;
      return typeof text === 'string' && text !== '' ? [[p, text]] : [];
    }),
  );
}

/**
 * `platformMeta` of the form: the TikTok privacy choice, each platform's first comment and the
 * other platforms' settings (`more`: YouTube's, Threads'), each merged with the comment; null
 * when nothing is set.
 */
export function composePlatformMeta(
  privacyLevel: string,
  comments: FirstCommentFields,
  more: Readonly<Record<string, Record<string, unknown> | null>> = {},
): Record<string, Record<string, unknown>> | null {
  const meta: Record<string, Record<string, unknown>> = {};
  if (privacyLevel !== '') meta.tiktok = { privacyLevel };
  for (const [platform, text] of Object.entries(comments)) meta[platform] = { firstComment: text };
  for (const [platform, settings] of Object.entries(more)) {
    if (settings !== null) meta[platform] = { ...meta[platform], ...settings };
  }
  return Object.keys(meta).length === 0 ? null : meta;
}

/**
 * Compose's first comment, one box per platform of the connected accounts that takes one: posted
 * under the post once it is live (a reply on Threads), each within its platform's limit.
 */
export function firstCommentFieldset(
  platforms: readonly Platform[],
  comments: FirstCommentFields,
): Html | '' {
  const shown = FIRST_COMMENT_PLATFORMS.filter((p) => platforms.includes(p));
  if (shown.length === 0) return '';
  return html`<fieldset id="first-comment"><legend>First comment</legend>
<p class="muted">Posted under the post once it is live (a reply on Threads): the usual place for hashtags and links. It never holds the post back; the post's page says how it went.</p>
${shown.map((p) => {
  const id = `first-comment-${p}`;
  const max = FIRST_COMMENT_LIMITS[p]?.maxChars ?? 2200;
  return html`<label for="${id}">${PLATFORM_NAMES[p]} (at most ${max.toLocaleString('en')} characters)</label>
<textarea id="${id}" name="${FIELD(p)}" rows="2" maxlength="${String(max)}">${comments[p] ?? ''}</textarea>`;
})}
</fieldset>`;
}
