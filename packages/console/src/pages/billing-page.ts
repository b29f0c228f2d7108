import { getBillingSummary } from '@svc/core';
import { html, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { pageReply } from '../console-page.js';
import type { ConsoleReply } from '../console-reply.js';

async function show(c: SignedContext): Promise<ConsoleReply> {
  const b = await unwrap(getBillingSummary(c.deps.core, c.actor));
  const money = (amount: { minor: number; currency: string | null } | null) =>
    amount === null ? '' : `${(amount.minor / 100).toFixed(2)} ${(amount.currency ?? '').toUpperCase()}`;
  const body = html`<div class="card"><dl>
<dt>Subscription</dt><dd>${b.status === 'none' ? 'none recorded' : b.status}${b.plan === null ? '' : ` (${b.plan})`}</dd>
<dt>Current period ends</dt><dd>${c.time.when(b.currentPeriodEnd)}</dd>
<dt>Purchased handles</dt><dd>${b.purchasedHandles}</dd>
<dt>Customer</dt><dd>${b.customerId ?? html`<span class="muted">none</span>`}</dd>
<dt>Service plan</dt><dd>${b.servicePlan.state}${b.servicePlan.trialEndsAt === null ? '' : html`, trial until ${c.time.when(b.servicePlan.trialEndsAt)}`}${b.servicePlan.betaTester ? ', beta tester' : ''}</dd>
</dl></div>
<h2>Recent events</h2>
${
  b.recentEvents.length === 0
    ? html`<p class="muted">No billing event yet.</p>`
    : html`<ul>${b.recentEvents.map((e) => html`<li>${c.time.when(e.at)}: ${e.kind} ${money(e.amount)} ${e.description ?? ''}</li>`)}</ul>`
}`;
  return pageReply(c, 200, { title: 'Billing', section: '/app/billing', body });
}

/** The billing summary. */
export const billingRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/billing', access: 'signed', run: show },
];
