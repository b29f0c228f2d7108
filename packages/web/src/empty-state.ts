import { Html, html } from './html.js';

/** The next step an empty list offers: a link styled as a button. */
export type NextStep = { readonly href: string; readonly label: string };

/** An empty list's place: what is missing, and the next step (a link, or markup such as a form). */
export function emptyState(message: Html | string, next: NextStep | Html): Html {
  const step = next instanceof Html ? next : html`<a class="button" href="${next.href}">${next.label}</a>`;
  return html`<div class="empty"><p>${message}</p>${step}</div>`;
}
