import { type Html, html } from '@svc/web';
import { barePage } from './console-page.js';
import type { ConsoleReply } from './console-reply.js';

/**
 * Headers of an answer to an address that holds a credential (a review or invitation link), or of
 * a refusal on such pages: it is never sent on as a referrer, and never kept by a cache.
 */
export const PRIVATE_HEADERS = { 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' } as const;

/** A page without the console's header, with the private headers: the refusals of link pages. */
export function privatePage(status: number, title: string, body: Html): ConsoleReply {
  return { status, body: barePage(title, body), headers: PRIVATE_HEADERS };
}

/** What a link's pages say when nothing is open in the browser, and where a refused form leads back. */
export type LinkPageWords = {
  readonly nothingOpen: { readonly title: string; readonly text: string };
  readonly back: { readonly href: string; readonly label: string };
};

/** The refusals every link's pages answer (review links, invitations), in their own words. */
export function linkPageRefusals(words: LinkPageWords) {
  return {
    /** No session of the link in this browser (401). */
    nothingOpen: (): ConsoleReply =>
      privatePage(401, words.nothingOpen.title, html`<p role="alert">${words.nothingOpen.text}</p>`),
    /** A form refused before anything was done (403). */
    refused: (message: string): ConsoleReply =>
      privatePage(
        403,
        'Not done',
        html`<p role="alert">${message}</p><p><a href="${words.back.href}">${words.back.label}</a>.</p>`,
      ),
    /** No such page under the link's path (404). */
    notFound: (): ConsoleReply => privatePage(404, 'Not found', html`<p>There is no such page.</p>`),
  };
}
