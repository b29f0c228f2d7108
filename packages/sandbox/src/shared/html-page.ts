import { escapeHtmlNamed as escapeHtml } from '@svc/web';

/** Where the sandbox pages' stylesheet is served: pages carry no inline style (the CSP forbids it). */
export const SANDBOX_CSS_PATH = '/sandbox/assets/sandbox.css';

/** The sandbox pages' stylesheet. */
export const SANDBOX_CSS = [
  'body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5}',
  'label{display:block;font-weight:600;margin-top:1rem}input[type=text]{font-size:1rem;padding:.4rem;width:100%}',
  'button{margin-top:1rem;font-size:1rem;padding:.5rem 1.25rem}.note{color:#555}',
  // Permission lists are one long word: they wrap rather than widen the page.
  'code{overflow-wrap:anywhere}',
].join('\n');

/** A complete, plain HTML document; `body` must already be escaped markup. */
export function htmlDocument(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="stylesheet" href="${SANDBOX_CSS_PATH}">`,
    '</head>',
    '<body>',
    '<main>',
    body,
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
}
