import { PLATFORM_NAMES } from '@svc/core';
import { escapeHtml } from '@svc/web';
import { htmlDocument } from './html-page.js';
import { htmlReply, type Reply } from './http-io.js';
import type { SandboxPlatform } from './sandbox-publication.js';
import type { PublishedPost } from './sandbox-state.js';

/**
 * The page a sandbox permalink opens: the post as recorded, or a note that it was forgotten.
 * `extra` (escaped markup: comments, forms) goes under the post; `status` defaults to 200.
 */
export function postPage(
  platform: SandboxPlatform,
  post: PublishedPost | undefined,
  extra = '',
  status = 200,
): Reply {
  const name = PLATFORM_NAMES[platform];
  if (post === undefined) {
    return htmlReply(
      200,
      htmlDocument(
        `${name} sandbox post`,
        [
          `<h1>${escapeHtml(name)} sandbox post</h1>`,
          "<p>This post is not in the simulator's memory: the sandbox was restarted or reset since it was published.</p>",
        ].join('\n'),
      ),
    );
  }
  const { record } = post;
  const media = record.mediaUrls.map((url, i) => `<li><a href="${escapeHtml(url)}">Media ${i + 1}</a></li>`);
  return htmlReply(
    status,
    htmlDocument(
      `${post.handle} on ${name} (sandbox)`,
      [
        `<h1>${escapeHtml(post.handle)} on ${escapeHtml(name)} (sandbox)</h1>`,
        `<p><time datetime="${record.at.toISOString()}">${escapeHtml(record.at.toUTCString())}</time></p>`,
        record.caption === '' ? '' : `<p>${escapeHtml(record.caption).replaceAll('\n', '<br>')}</p>`,
        media.length === 0 ? '' : `<ul>${media.join('')}</ul>`,
        extra,
        `<p class="note">Published by the ${escapeHtml(name)} simulator; no real ${escapeHtml(name)} post exists.</p>`,
      ].join('\n'),
    ),
  );
}

/** A profile page listing `posts`, newest first, under `title`. */
export function profilePage(
  platform: SandboxPlatform,
  title: string,
  posts: readonly PublishedPost[],
): Reply {
  const name = PLATFORM_NAMES[platform];
  const items = posts.map(
    (p) =>
      `<li><a href="${escapeHtml(p.record.permalink)}">${escapeHtml(p.record.caption.slice(0, 80) || p.record.kind)}</a></li>`,
  );
  return htmlReply(
    200,
    htmlDocument(
      `${title} on ${name} (sandbox)`,
      [
        `<h1>${escapeHtml(title)} on ${escapeHtml(name)} (sandbox)</h1>`,
        items.length === 0 ? "<p>No posts in the simulator's memory.</p>" : `<ul>${items.join('')}</ul>`,
      ].join('\n'),
    ),
  );
}

/** A placeholder picture (SVG: the sandbox answers text), coloured from `seed`, with `label`'s initial. */
export function placeholderImage(seed: string, label: string, size = { width: 160, height: 90 }): Reply {
  let hue = 0;
  for (const char of seed) hue = (hue * 31 + char.charCodeAt(0)) % 360;
  const initial = escapeHtml([...label.trim()][0]?.toUpperCase() ?? '?');
  const { width, height } = size;
  const body = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    `<rect width="${width}" height="${height}" fill="hsl(${hue} 60% 45%)"/>`,
    `<text x="${width / 2}" y="${Math.round(height * 0.64)}" font-family="sans-serif" font-size="${Math.round(height * 0.44)}" fill="#fff" text-anchor="middle">${initial}</text>`,
    '</svg>',
  ].join('');
  return { status: 200, headers: { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' }, body };
}

/**
 * A permalink page's comments (on Facebook, YouTube; a Threads post's replies), author and text,
 * oldest first: what a first comment looks like once posted.
 */
export function commentsSection(
  comments: readonly { readonly author: string; readonly text: string }[],
  heading = 'Comments',
  id = 'comments',
): string {
  const items = comments.map(
    (c) => `<li><strong>${escapeHtml(c.author)}</strong> ${escapeHtml(c.text).replaceAll('\n', '<br>')}</li>`,
  );
  return [
    `<section id="${id}">`,
    `<h2>${escapeHtml(heading)}</h2>`,
    items.length === 0 ? '<p>No comments yet.</p>' : `<ul class="comments">${items.join('')}</ul>`,
    '</section>',
  ].join('\n');
}
