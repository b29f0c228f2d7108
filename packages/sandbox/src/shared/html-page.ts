import { raw, standaloneBody, WEB_CSS, WEB_CSS_FILE, webDocument } from '@svc/web';

/** Where the sandbox pages' stylesheet is served: pages carry no inline style (the CSP forbids it). */
export const SANDBOX_CSS_PATH = `/sandbox/assets/${WEB_CSS_FILE}`;

/**
 * The sandbox pages' stylesheet: the one every surface of ours shares, served again under the
 * sandbox's own path, since the sandbox stands in for other sites.
 */
export const SANDBOX_CSS = WEB_CSS;

/** A complete, plain HTML document; `body` must already be escaped markup. */
export function htmlDocument(title: string, body: string): string {
  return webDocument({
    title,
    stylesheet: SANDBOX_CSS_PATH,
    head: raw('<meta name="robots" content="noindex">\n'),
    // No svc brand: these pages stand in for the platforms.
    body: standaloneBody(raw(body), null),
  });
}
