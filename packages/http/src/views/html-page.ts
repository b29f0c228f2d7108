import { escapeHtml } from '@svc/web';

/**
 * A plain, accessible HTML page for people who land on our server in a browser (the end of a
 * connection flow). No scripts, no outside resources; `lines` are text, escaped here.
 */
export function htmlPage(input: { readonly title: string; readonly lines: readonly string[] }): string {
  const title = escapeHtml(input.title);
  const body = input.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n    ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${title}</title>
  </head>
  <body>
    <main>
    <h1>${title}</h1>
    ${body}
    </main>
  </body>
</html>
`;
}
