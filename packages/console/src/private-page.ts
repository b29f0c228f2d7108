import type { IncomingMessage } from 'node:http';
import type { SvcError } from '@svc/core';
import { type Html, html, readForm } from '@svc/web';
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

const FORM_LIMIT_BYTES = 16 * 1024;

/**
 * How a link's pages word their refusals: what the link opens in the browser ("invitation",
 * "review"), what the link is called ("invitation", "review link"), the page a refused form leads
 * back to, and the status of each of core's refusals of the link.
 */
export type LinkPageWords = {
  readonly opens: string;
  readonly link: string;
  readonly page: string;
  readonly status: (code: SvcError['code']) => number;
};

/** The refusals every link's pages answer (review links, invitations), in their own words. */
export function linkPageRefusals(words: LinkPageWords) {
  /** A form refused before anything was done (403). */
  const refused = (message: string): ConsoleReply =>
    privatePage(
      403,
      'Not done',
      html`<p role="alert">${message}</p><p><a href="${words.page}">Back to the ${words.opens}</a>.</p>`,
    );
  return {
    refused,
    /** No session of the link in this browser (401). */
    nothingOpen: (): ConsoleReply =>
      privatePage(
        401,
        `No ${words.opens} open`,
        html`<p role="alert">This browser has no ${words.opens} open, or it has ended. Open the link you were sent again.</p>`,
      ),
    /** Core refused the link or what was asked of it: its message, under the link's own title. */
    broken: (error: SvcError): ConsoleReply =>
      privatePage(
        words.status(error.code),
        `This ${words.link} does not work`,
        html`<p role="alert">${error.message}</p>`,
      ),
    /** No such page under the link's path (404). */
    notFound: (): ConsoleReply => privatePage(404, 'Not found', html`<p>There is no such page.</p>`),
    /** A form posted to one of the link's pages, once it is known to come from `baseUrl`: else the refusal. */
    async postedForm(req: IncomingMessage, baseUrl: string): Promise<URLSearchParams | ConsoleReply> {
      // Browsers send Origin with every form post; another site's form never carries ours.
      const from = req.headers.origin;
      if (from !== undefined && from !== new URL(baseUrl).origin)
        return refused('This form came from another site.');
      const form = await readForm(req, FORM_LIMIT_BYTES);
      return form ?? refused('The form could not be read.');
    },
  };
}
