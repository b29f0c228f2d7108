import { html, standaloneBody, WEB_CSS_FILE, webDocument } from '@svc/web';

/** Where the connect pages' stylesheet (the shared `WEB_CSS`) is served, named by its content. */
export const CONNECT_CSS_PATH = `/connect/assets/${WEB_CSS_FILE}`;

/**
 * A plain, accessible HTML page for people who land on our server in a browser (the end of a
 * connection flow), in the style every surface of ours shares. No scripts, no outside resources;
 * `lines` are text, escaped here.
 */
export function htmlPage(input: { readonly title: string; readonly lines: readonly string[] }): string {
  return webDocument({
    title: input.title,
    stylesheet: CONNECT_CSS_PATH,
    body: standaloneBody(html`<h1>${input.title}</h1>
${input.lines.map(
  (line) => html`<p>${line}</p>
`,
)}`),
  });
}
