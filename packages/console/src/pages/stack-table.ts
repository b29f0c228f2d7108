import { type Html, html } from '@svc/web';

/**
 * A listing's table, the one markup every list page uses: the `stack` style turns its rows into
 * cards on narrow screens. With `actions`, a last column holds each row's buttons, its heading
 * read by screen readers only.
 */
export function stackTable(columns: readonly string[], rows: Html | readonly Html[], actions = true): Html {
  return html`<div class="table stack"><table><thead><tr>${columns.map((c) => html`<th scope="col">${c}</th>`)}${actions ? html`<th scope="col"><span class="skip">Actions</span></th>` : ''}</tr></thead><tbody>${rows}</tbody></table></div>`;
}
