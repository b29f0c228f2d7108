import { escapeHtml } from '@svc/web';
import { type Reply, redirectReply } from '../shared/http-io.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import { SandboxControlError } from '../shared/sandbox-control-error.js';
import { postPage } from '../shared/sandbox-pages.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import type { PublishedPost } from '../shared/sandbox-state.js';
import { COMMENT_MAX, DEFAULT_VISITOR } from './instagram-comments.js';
import { addSandboxComment, type SandboxCommentView, sandboxCommentThreads } from './instagram-control.js';

const findByShortcode = (ctx: SandboxContext, shortcode: string | undefined) =>
  ctx.state.posts.find((p) => p.record.platform === 'instagram' && p.shortcode === shortcode);

// The permalink's path: the form and the redirect stay on whatever host the page was opened on.
const pagePath = (post: PublishedPost) => new URL(post.record.permalink).pathname;

function commentItem(comment: SandboxCommentView, replies: readonly SandboxCommentView[]): string {
  const line = (c: SandboxCommentView) =>
    `<strong>@${escapeHtml(c.from.username)}</strong> ${escapeHtml(c.text)} ` +
    `<time datetime="${escapeHtml(c.timestamp)}">${escapeHtml(new Date(c.timestamp).toUTCString())}</time>` +
    (c.privateReply === null
      ? ''
      : `<p class="note">Private reply sent (only @${escapeHtml(c.from.username)} sees it): ` +
        `${escapeHtml(c.privateReply.text)}</p>`);
  const nested = replies.length === 0 ? '' : `<ul>${replies.map((r) => `<li>${line(r)}</li>`).join('')}</ul>`;
  return `<li>${line(comment)}${nested}</li>`;
}

/**
 * An Instagram post's page: the post, its comments with their replies (and a note of each
 * private reply, for whoever tests the flow), and a plain form to comment as a visitor.
 */
export function instagramPostPage(
  ctx: SandboxContext,
  post: PublishedPost | undefined,
  problem: { readonly status: number; readonly message: string; readonly username: string } | null = null,
): Reply {
  if (post === undefined) return postPage('instagram', undefined);
  const threads = sandboxCommentThreads(ctx, post.record.id);
  const list =
    threads.length === 0
      ? '<p>No comments yet.</p>'
      : `<ul class="comments">${threads.map((t) => commentItem(t, t.replies)).join('')}</ul>`;
  const username = problem?.username ?? DEFAULT_VISITOR;
  const markup = [
    '<section id="comments">',
    `<h2>Comments (${threads.length})</h2>`,
    list,
    `<form method="post" action="${escapeHtml(pagePath(post))}comments">`,
    '<h3>Comment as a visitor</h3>',
    problem === null ? '' : `<p role="alert"><strong>${escapeHtml(problem.message)}</strong></p>`,
    '<label for="username">Username</label>',
    `<input type="text" id="username" name="username" value="${escapeHtml(username)}" required autocomplete="off">`,
    '<label for="text">Comment</label>',
    `<input type="text" id="text" name="text" maxlength="${COMMENT_MAX}" required autocomplete="off">`,
    '<button type="submit">Comment</button>',
    '</form>',
    '</section>',
  ].join('\n');
  return postPage('instagram', post, markup, problem?.status ?? 200);
}

/** The page of `/sandbox/instagram/p/:shortcode` and the visitor form's target beside it. */
export function instagramPostPageRoutes(ctx: SandboxContext): RouteSpec[] {
  return [
    {
      methods: ['GET', 'HEAD'],
      path: '/sandbox/instagram/p/:shortcode',
      route: { run: (r) => instagramPostPage(ctx, findByShortcode(ctx, r.params.shortcode)) },
    },
    {
      methods: ['POST'],
      path: '/sandbox/instagram/p/:shortcode/comments',
      route: { surface: 'visitor_form', run: (r) => visitorComment(ctx, r) },
    },
  ];
}

// Adds the form's comment (with its webhook) and goes back to the page, as a browser expects.
function visitorComment(ctx: SandboxContext, r: SandboxRequest): Reply {
  const post = findByShortcode(ctx, r.params.shortcode);
  if (post === undefined) return instagramPostPage(ctx, undefined);
  const username = (r.input.get('username') ?? '').trim() || DEFAULT_VISITOR;
  try {
    addSandboxComment(ctx, { mediaId: post.record.id, text: r.input.get('text') ?? '', username });
  } catch (error) {
    if (!(error instanceof SandboxControlError)) throw error;
    return instagramPostPage(ctx, post, { status: 400, message: error.message, username });
  }
  return redirectReply(`${pagePath(post)}#comments`);
}
