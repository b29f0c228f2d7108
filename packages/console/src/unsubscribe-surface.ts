import type { IncomingMessage } from 'node:http';
import { type CoreDeps, kindLabel, unsubscribe, unsubscribeSubjectOf } from '@svc/core';
import { html, type WebSurface, writeReply } from '@svc/web';
import { barePage } from './console-page.js';
import { type ConsoleReply, htmlReply } from './console-reply.js';

/** Where every notification's unsubscribe link points (`List-Unsubscribe`, docs/notifications.md). */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

/** What the unsubscribe page needs: the store and the master secret's box the tokens are sealed with. */
export type UnsubscribeDeps = { readonly core: Pick<CoreDeps, 'store' | 'clock' | 'secretBox'> };

/**
 * RFC 8058 one-click unsubscribe, without signing in: a POST to the link switches its kind off for
 * its person (what mail providers send for their own unsubscribe button, body
 * `List-Unsubscribe=One-Click`, which is not read: the token in the query says everything); a GET
 * only shows a page with the form, since mail scanners follow links and must not unsubscribe
 * anyone. The token is good for nothing else.
 */
export function createUnsubscribeSurface(deps: UnsubscribeDeps): WebSurface {
  async function answer(req: IncomingMessage): Promise<ConsoleReply> {
    const url = new URL(req.url ?? UNSUBSCRIBE_PATH, 'http://unsubscribe.invalid');
    const token = url.searchParams.get('token') ?? '';
    if (req.method === 'POST') {
      // The body (urlencoded or multipart, as providers choose) is drained, never needed.
      req.resume();
      const done = await unsubscribe(deps.core, token);
      if (done === null) return unknownLink();
      return htmlReply(
        200,
        barePage(
          'Unsubscribed',
          html`<p role="status">You will no longer get e-mails for “${kindLabel(done.kind)}”. You can switch it on again under Account, Notifications in the console.</p>`,
        ),
      );
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return htmlReply(405, barePage('Not allowed', html``));
    const subject = unsubscribeSubjectOf(deps.core, token);
    if (subject === null) return unknownLink();
    return htmlReply(
      200,
      barePage(
        'Unsubscribe',
        html`<p>Stop e-mails for “${kindLabel(subject.kind)}”?</p>
<form method="post" action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}"><button type="submit">Unsubscribe</button></form>`,
      ),
    );
  }

  return {
    owns: (path) => path === UNSUBSCRIBE_PATH,
    handle(req, res) {
      void answer(req)
        .catch(() => htmlReply(500, barePage('Something went wrong', html`<p>Try again in a moment.</p>`)))
        .then((reply) => writeReply(res, reply, { head: req.method === 'HEAD' }))
        .catch(() => res.destroy());
    },
  };
}

function unknownLink(): ConsoleReply {
  return htmlReply(
    404,
    barePage(
      'Link not valid',
      html`<p role="alert">This unsubscribe link is not one of ours, or it was changed. Switch notifications off under Account in the console.</p>`,
    ),
  );
}
