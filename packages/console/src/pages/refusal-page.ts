import { isPlanRefusal } from '@svc/core';
import { html } from '@svc/web';
import type { SignedContext } from '../console-context.js';
import { consolePage, type SectionPath } from '../console-page.js';
import { type ConsoleReply, htmlReply } from '../console-reply.js';
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
  return htmlReply(
    refusal.status,
    consolePage(c.session, {
      title: refusal.title,
      section: refusal.section,
      alert: refusal.message,
      body: html`${isPlanRefusal(refusal.code ?? '') ? planNoticeView(c, 'lapsed') : ''}<p><a href="${refusal.back.href}">${refusal.back.label}</a></p>`,
    }),
  );
}
