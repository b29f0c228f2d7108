import { can, captionPreview, getPost, type Post, retryPost } from '@svc/core';
import { type Html, html } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField, pageReply } from '../console-page.js';
import { type ConsoleReply, redirectReply } from '../console-reply.js';
import { problemsOf } from './post-slides.js';

// What a failed post's page offers instead of a dead end: retry it as it is, edit its words and
// retry in one go, or start a new post from it in Compose. Retrying is core's `retryPost`, the use
// case of REST's POST /api/v1/posts/{id}/retry; the edit goes with it (a failed post is not edited
// on its own).

/** The caption and title of the Edit and retry form: the post's, or what was typed before a refusal. */
type RetryTexts = { readonly caption: string; readonly title: string };

/** The failed post's actions, for its page; nothing for a post that cannot be retried. */
export function failedPostActions(c: SignedContext, post: Post, typed: RetryTexts | null = null): Html | '' {
  if (!can(post, 'retry')) return '';
  const texts = typed ?? { caption: post.caption, title: post.title ?? '' };
  return html`<section class="card" aria-labelledby="recover-heading"><h2 id="recover-heading">Try again</h2>
<form method="post" action="/app/posts/${post.id}/retry">${csrfField(c.session)}
<p>Publish it again as it is, right away.</p>
<div class="actions"><button type="submit">Retry</button>
<a href="/app/compose?from=${post.id}">Duplicate into Compose</a></div></form>
<details${typed === null ? '' : html` open`}><summary>Edit and retry</summary>
<form method="post" action="/app/posts/${post.id}/retry">${csrfField(c.session)}
<label for="retry-caption">Caption</label>
<textarea id="retry-caption" name="caption" rows="6" maxlength="10000">${texts.caption}</textarea>
<label for="retry-title">Title (YouTube and TikTok)</label>
<input id="retry-title" name="title" type="text" maxlength="200" value="${texts.title}">
<div class="actions"><button type="submit" name="edit" value="1">Save and retry</button></div>
</form></details></section>`;
}

// Browsers send a textarea's line breaks as CRLF: a caption only re-sent is not a change.
const normal = (text: string) => text.replace(/\r\n/g, '\n');

async function retry(c: SignedContext): Promise<ConsoleReply> {
  const found = await getPost(c.deps.core, c.actor, c.params.id ?? '');
  if (found.isErr()) return redirectReply('/app/posts');
  const post = found.value;
  const edit = c.form.get('edit') !== null;
  const typed = { caption: normal(c.form.get('caption') ?? ''), title: (c.form.get('title') ?? '').trim() };
  // Only what changed goes with the retry, as with an edit.
  const changes = !edit
    ? {}
    : {
        ...(typed.caption === normal(post.caption) ? {} : { caption: typed.caption }),
        ...(typed.title === (post.title ?? '') ? {} : { title: typed.title }),
      };
  const retried = await retryPost(c.deps.core, c.actor, post.id, changes);
  if (retried.isOk()) return redirectReply(`/app/posts/${post.id}?done=retried`);
  // The whole form again, with what was typed and each issue, and the way back to the post.
  const problems = problemsOf(retried.error);
  return pageReply(c, retried.error.code === 'invalid_post_state' ? 409 : 400, {
    title: `Not retried: ${captionPreview(post.caption) || 'a post without a caption'}`,
    section: '/app/posts',
    alert: 'Not retried: the post is still failed, as it was.',
    body: html`<ul role="alert">${problems.map((p) => html`<li>${p}</li>`)}</ul>
${failedPostActions(c, post, edit ? typed : null)}
<p><a href="/app/posts/${post.id}">Back to the post</a></p>`,
  });
}

/** Retrying a failed post, with or without an edit. */
export const failedPostRoutes: readonly ConsoleRoute[] = [
  { method: 'POST', path: '/app/posts/:id/retry', access: 'signed', run: retry },
];
