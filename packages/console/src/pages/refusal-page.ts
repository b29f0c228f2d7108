import { isPlanRefusal, type SvcError } from '@svc/core';
import { html } from '@svc/web';
import type { Result } from 'neverthrow';
import type { SignedContext } from '../console-context.js';
import { pageReply, type SectionPath } from '../console-page.js';
import { type ConsoleReply, redirectReply } from '../console-reply.js';
import { planNoticeView } from './plan-notice-view.js';

/** What a refused action shows: why (the use case's own message), and the way back. */
export type Refusal = {
  readonly status: number;
  readonly title: string;
  readonly section: SectionPath;
  readonly message: string;
  /** The refusal's code; a lapsed plan's adds core's notice of what still works and whom to ask. */
  readonly code?: string;
  readonly back: { readonly href: string; readonly label: string };
};

/** The one page every refused console action answers with: nothing was changed, here is why. */
export function refusalPage(c: SignedContext, refusal: Refusal): ConsoleReply {
  return pageReply(c, refusal.status, {
    title: refusal.title,
    section: refusal.section,
    alert: refusal.message,
    body: html`${isPlanRefusal(refusal.code ?? '') ? planNoticeView(c, 'lapsed') : ''}<p><a href="${refusal.back.href}">${refusal.back.label}</a></p>`,
  });
}

/** A refusal's page, less what the use case's error says. */
export type RefusalFrame = Omit<Refusal, 'message' | 'code'> & {
  /** Pass the error's code on, so a lapsed plan's refusal adds the plan notice. */
  readonly planNotice?: true;
};

/**
 * What a form action answers once its use case has run: a redirect to `done(value)` when it
 * agreed, else the refusal page with the use case's own message.
 */
export function actionReply<T>(
  c: SignedContext,
  outcome: Result<T, SvcError>,
  frame: RefusalFrame,
  done: (value: T) => string,
): ConsoleReply {
  if (outcome.isOk()) return redirectReply(done(outcome.value));
  const { planNotice, ...rest } = frame;
  const code = planNotice === true ? { code: outcome.error.code } : {};
  // An id that is not the person's (another workspace's, or none) is the 404 page and a role that
  // may not act the 403 page, as REST answers them.
  const error = outcome.error.code;
  const status = error.endsWith('_not_found') ? 404 : error === 'role_not_allowed' ? 403 : rest.status;
  return refusalPage(c, { ...rest, status, message: outcome.error.message, ...code });
}

/** The page of an id that is not one of the person's: nothing about it, and the way back. */
export function notFoundPage(
  c: SignedContext,
  page: {
    readonly title: string;
    readonly section: SectionPath;
    readonly text: string;
    readonly back: { readonly href: string; readonly label: string };
  },
): ConsoleReply {
  return pageReply(c, 404, {
    title: page.title,
    section: page.section,
    body: html`<p>${page.text} <a href="${page.back.href}">${page.back.label}</a>.</p>`,
  });
}

/** The page of a post (or a group of posts) that is not the person's. */
export function postNotFound(c: SignedContext): ConsoleReply {
  return notFoundPage(c, {
    title: 'Post not found',
    section: '/app/posts',
    text: 'There is no such post.',
    back: { href: '/app/posts', label: 'Back to the posts' },
  });
}
