import { actorOwner, type NoticePart, planNotice } from '@svc/core';
import { type Html, html } from '@svc/web';
import type { SignedContext } from '../console-context.js';

function part(c: SignedContext, piece: NoticePart): Html | string {
  if (typeof piece === 'string') return piece;
  return 'at' in piece ? c.time.when(piece.at) : html`<code>${piece.command}</code>`;
}

/**
 * Core's notice about the person's plan as the console shows it, instants in their zone: a trial's
 * days left and what follows, or a lapsed plan's what-to-ask. `lapsed` shows only the latter (pages
 * where the plan is what refused the person). Empty when there is nothing to tell.
 */
export function planNoticeView(c: SignedContext, only: 'any' | 'lapsed' = 'any'): Html {
  const notice = planNotice(actorOwner(c.actor), c.deps.core.clock.now());
  if (notice === null || (only === 'lapsed' && notice.kind !== 'lapsed')) return html``;
  return html`<section class="card plan-notice plan-notice-${notice.kind}" aria-labelledby="plan-notice-heading">
<h2 id="plan-notice-heading">${notice.title}</h2>
${notice.lines.map((line) => html`<p>${line.map((piece) => part(c, piece))}</p>`)}
</section>`;
}
