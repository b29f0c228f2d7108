import { html } from '@svc/web';
import { htmlPage } from './html-page.js';

/** The page shown when an authorization request cannot go on (and cannot be sent back to the client). */
export function renderErrorPage(error: string, description: string): string {
  return htmlPage(
    'Authorization failed',
    html`<p role="alert"><strong>${error}</strong>${description === '' ? '' : `: ${description}`}</p>
<p>Go back to the application you came from and start connecting again.</p>`,
  );
}
