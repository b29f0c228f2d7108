import { type Html, html } from '@svc/web';

/**
 * A secret shown this once, on the answer that made it (an API key, a review link, a webhook's
 * signing secret): never in a URL, never again. `id` prefixes the ids of its heading and of its
 * value (`<id>-value`, what the copy button copies).
 */
export function shownOnceCard(id: string, heading: string, explanation: Html | string, value: string): Html {
  return html`<section class="card" aria-labelledby="${id}-heading"><h2 id="${id}-heading">${heading}</h2>
${explanation}
<p class="secret" id="${id}-value">${value}</p>
<button type="button" class="secondary" data-copy="${id}-value" hidden>Copy</button></section>`;
}
