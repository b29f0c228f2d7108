import {
  type ConnectedAccount,
  createWebhook,
  listConnections,
  listWebhooks,
  PLATFORM_NAMES,
  type WebhookEventType,
  type WebhookJson,
} from '@svc/core';
import { emptyState, type Html, html, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField, pageReply } from '../console-page.js';
import type { ConsoleReply } from '../console-reply.js';
import { webhookDetailRoutes } from './webhook-detail-page.js';
import { depsOf, EVENT_LABELS, handlesOf, OFFERED_EVENTS, secretCard, webhookFacts } from './webhook-view.js';

/** What the create form holds, to show it again after a refusal. */
type Typed = {
  readonly url: string;
  readonly description: string;
  readonly events: readonly WebhookEventType[];
  readonly accountIds: readonly string[];
};

const BLANK: Typed = { url: '', description: '', events: [], accountIds: [] };

function eventsCell(events: readonly WebhookEventType[]): Html {
  return html`${events.map((e) => html`<div><code>${e}</code></div>`)}`;
}

function createForm(c: SignedContext, accounts: readonly ConnectedAccount[], typed: Typed): Html {
  return html`<section class="card" aria-labelledby="new-webhook"><h2 id="new-webhook">Add a webhook</h2>
<p class="muted">svc sends a signed POST to your endpoint when one of the chosen events happens.</p>
<form method="post" action="/app/webhooks">${csrfField(c.session)}
<label for="webhook-url">Endpoint URL (https)</label>
<input id="webhook-url" name="url" type="url" required placeholder="https://example.com/hooks/svc" value="${typed.url}">
<fieldset><legend>Events to send (choose at least one)</legend>
${OFFERED_EVENTS.map(
  (e) =>
    html`<label><input type="checkbox" name="event" value="${e}"${typed.events.includes(e) ? html` checked` : ''}> <code>${e}</code> <span class="muted">${EVENT_LABELS[e]}</span></label>`,
)}
</fieldset>
<label for="webhook-description">Description (optional)</label>
<input id="webhook-description" name="description" type="text" placeholder="e.g. Slack relay" value="${typed.description}">
${
  accounts.length === 0
    ? ''
    : html`<fieldset><legend>Only these accounts (none checked: all accounts)</legend>
${accounts.map(
  (a) =>
    html`<label><input type="checkbox" name="account" value="${a.id}"${typed.accountIds.includes(a.id) ? html` checked` : ''}> ${PLATFORM_NAMES[a.platform]} @${a.handle}</label>`,
)}
</fieldset>`
}
<div class="actions"><button type="submit">Add webhook</button></div>
</form></section>`;
}

async function listPage(
  c: SignedContext,
  extra: {
    readonly status: number;
    readonly typed?: Typed;
    readonly notice?: string | null;
    readonly alert?: string | null;
    readonly created?: { readonly webhook: WebhookJson; readonly secret: string };
  },
): Promise<ConsoleReply> {
  const webhooks = await unwrap(listWebhooks(c.deps.core, c.actor));
  const accounts = await unwrap(listConnections(c.deps.core, c.actor));
  const handles = handlesOf(accounts);
  const rows = webhooks.map(
    (w) => html`<tr>
<td><a class="url" href="/app/webhooks/${w.id}">${w.url}</a>${w.description === null ? '' : html`<div class="muted">${w.description}</div>`}</td>
<td data-label="Events">${eventsCell(w.events)}</td>
${webhookFacts(c, w, handles).map(([label, value]) => html`<td data-label="${label}">${value}</td>`)}
<td data-label="Created">${c.time.when(new Date(w.createdAt))}</td>
</tr>`,
  );
  const created =
    extra.created === undefined
      ? ''
      : secretCard(
          'The new webhook’s signing secret',
          extra.created.secret,
          html`<p>It signs every message to <span class="url">${extra.created.webhook.url}</span>. <a href="/app/webhooks/${extra.created.webhook.id}">Send it a test event</a> from its page.</p>`,
        );
  const body = html`${created}
${createForm(c, accounts, extra.typed ?? BLANK)}
<h2>Your webhooks</h2>
${
  rows.length === 0
    ? emptyState('No webhook yet. A webhook tells another system when a post is published or fails.', {
        href: '#webhook-url',
        label: 'Add a webhook',
      })
    : html`<div class="table stack"><table><caption class="skip">Your webhooks, newest first</caption>
<thead><tr><th scope="col">Endpoint</th><th scope="col">Events</th><th scope="col">Accounts</th><th scope="col">State</th><th scope="col">Failing since</th><th scope="col">Created</th></tr></thead>
<tbody>${rows}</tbody></table></div>`
}`;
  return pageReply(c, extra.status, {
    title: 'Webhooks',
    section: '/app/webhooks',
    body,
    notice: extra.notice ?? null,
    alert: extra.alert ?? null,
  });
}

const LIST_NOTICES: Readonly<Record<string, string>> = {
  deleted: 'The webhook was deleted with its delivery history: nothing more is sent to it.',
};

async function list(c: SignedContext): Promise<ConsoleReply> {
  return listPage(c, { status: 200, notice: LIST_NOTICES[c.url.searchParams.get('done') ?? ''] ?? null });
}

async function create(c: SignedContext): Promise<ConsoleReply> {
  const asked = c.form.getAll('event');
  const typed: Typed = {
    url: (c.form.get('url') ?? '').trim(),
    description: (c.form.get('description') ?? '').trim(),
    events: OFFERED_EVENTS.filter((e) => asked.includes(e)),
    accountIds: c.form.getAll('account'),
  };
  if (typed.events.length === 0) {
    return listPage(c, {
      status: 400,
      typed,
      alert: 'Not added: choose at least one event to send to the endpoint.',
    });
  }
  const created = await createWebhook(depsOf(c), c.actor, {
    url: typed.url,
    events: typed.events,
    description: typed.description === '' ? null : typed.description,
    accountIds: typed.accountIds.length === 0 ? null : typed.accountIds,
  });
  if (created.isErr()) {
    return listPage(c, {
      status: created.error.code === 'webhook_limit_reached' ? 409 : 400,
      typed,
      alert: `Not added: ${created.error.message}`,
    });
  }
  // Answered here, not after a redirect: the secret must never travel in a URL or be shown twice.
  return listPage(c, { status: 201, created: created.value });
}

/** Outgoing webhooks: create (secret shown once), list, a webhook's attempts and its actions. */
export const webhookRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/webhooks', access: 'signed', run: list },
  { method: 'POST', path: '/app/webhooks', access: 'signed', run: create },
  ...webhookDetailRoutes,
];
