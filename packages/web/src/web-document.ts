import { type Html, html } from './html.js';

/** What a whole page of ours is made of. */
export type WebDocumentParts = {
  readonly title: string;
  /** Where the surface serves the shared stylesheet (`WEB_CSS`, or a sheet that starts with it). */
  readonly stylesheet: string;
  readonly body: Html;
  /** Scripts (paths served by the surface), run after parsing; never inline. */
  readonly scripts?: readonly string[];
  /** Extra `<head>` elements (a referrer or robots rule). */
  readonly head?: Html;
};

/** A whole HTML page: language, viewport, the shared stylesheet, no inline style or script. */
export function webDocument(parts: WebDocumentParts): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${parts.head ?? ''}<title>${parts.title}</title>
<link rel="stylesheet" href="${parts.stylesheet}">
${(parts.scripts ?? []).map(
  (src) => html`<script src="${src}" defer></script>
`,
)}</head>
<body>
${parts.body}
</body>
</html>
`.text;
}

/**
 * The body of a page that stands alone (sign-in, consent, an error, the end of a connection): the
 * brand above one card holding `main`. `brand` null leaves it out (a simulated platform's page).
 */
export function standaloneBody(main: Html, brand: string | null = 'svc'): Html {
  return html`<div class="standalone">
${
  brand === null
    ? ''
    : html`<p class="brand"><span class="logo" aria-hidden="true">${brand.slice(0, 1)}</span>${brand}</p>
`
}<main id="main">
${main}
</main>
</div>`;
}
