import type { Html } from '@svc/web';
import { barePage } from './console-page.js';

/**
 * A page that moves on to `to` by itself, once its answer has set a cookie. Not a redirect: a
 * SameSite=Strict cookie set while arriving from another site (a mail) is not sent on a redirect
 * of that same navigation, but it is on one this page starts. Either way the link's credential
 * leaves the address bar.
 */
export function movingOnPage(title: string, body: Html, to: string): string {
  return barePage(title, body).replace(
    '<meta charset="utf-8">',
    `<meta charset="utf-8">\n<meta http-equiv="refresh" content="0; url=${to}">`,
  );
}
