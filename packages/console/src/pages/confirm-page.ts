import { type Html, html } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField, pageReply, type SectionPath } from '../console-page.js';
import type { ConsoleReply } from '../console-reply.js';
import { notFoundPage } from './refusal-page.js';

// A destructive action asks first. Its button is a GET form leading to a page that says what
// follows; that page's form posts to the same path, where the action's own route does it. No
// script is needed, and a page reloaded or reached by a link changes nothing.

/** What a confirmation page asks and says. */
export type Confirmation = {
  /** The question, as the page's title: "Revoke the key “n8n”?". */
  readonly question: string;
  /** What follows, one sentence each. */
  readonly consequences: readonly string[];
  /** The label of the button that does it. */
  readonly button: string;
  /** Where "Cancel" leads. */
  readonly back: { readonly href: string; readonly label: string };
};

/** The button that leads to an action's confirmation page (a GET form, so it is a button). */
export function confirmButton(path: string, label: string, aria: string, kind = 'danger'): Html {
  return html`<form class="inline" method="get" action="${path}"><button class="${kind}" type="submit" aria-label="${aria}">${label}</button></form>`;
}

/**
 * The GET route of `path` that asks before its POST route acts; `ask` answers null for a thing
 * that is not the person's (the page then says so).
 */
export function confirmRoute(
  path: string,
  section: SectionPath,
  ask: (c: SignedContext) => Promise<Confirmation | null>,
): ConsoleRoute {
  return {
    method: 'GET',
    path,
    access: 'signed',
    async run(c: SignedContext): Promise<ConsoleReply> {
      const confirmation = await ask(c);
      if (confirmation === null) {
        return notFoundPage(c, {
          title: 'Not found',
          section,
          text: 'There is no such thing among yours.',
          back: { href: section ?? '/app', label: 'Go back' },
        });
      }
      const { question, consequences, button, back } = confirmation;
      const body = html`<div class="card">${consequences.map((line) => html`<p>${line}</p>`)}
<form method="post" action="${c.url.pathname}">${csrfField(c.session)}
<div class="actions"><button class="danger" type="submit">${button}</button> <a href="${back.href}">Cancel: ${back.label}</a></div>
</form></div>`;
      return pageReply(c, 200, { title: question, section, body });
    },
  };
}
