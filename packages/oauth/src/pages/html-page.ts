import { type Html, html, standaloneBody, WEB_CSS_FILE, webDocument } from '@svc/web';

/** Where the authorization server serves the shared stylesheet (`WEB_CSS`), named by its content. */
export const OAUTH_CSS_PATH = `/oauth/assets/${WEB_CSS_FILE}`;

/**
 * A whole page: plain, server-rendered, readable without CSS or JavaScript, one `<main>` landmark
 * and a heading, language set, styled by the stylesheet every surface of ours shares.
 */
export function htmlPage(title: string, body: Html): string {
  return webDocument({
    title: `${title} · svc`,
    stylesheet: OAUTH_CSS_PATH,
    head: html`<meta name="referrer" content="no-referrer">
`,
    body: standaloneBody(html`<h1>${title}</h1>
${body}`),
  });
}
