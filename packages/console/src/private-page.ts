import type { Html } from '@svc/web';
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
