import {
  type ConnectedAccount,
  createWebhook,
  deleteWebhook,
  getWebhook,
  LIMIT_PHRASES,
  listConnections,
  listWebhookAttempts,
  listWebhooks,
  PLATFORM_NAMES,
  redeliverWebhook,
  rotateWebhookSecret,
  type SvcError,
  sendTestWebhook,
  updateWebhook,
  WEBHOOK_EVENT_TYPES,
  type WebhookAttemptJson,
  type WebhookEventType,
  type WebhookJson,
} from '@svc/core';
import { type Html, html, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { consolePage, csrfField } from '../console-page.js';
import { type ConsoleReply, htmlReply, redirectReply } from '../console-reply.js';
import { refusalPage } from './refusal-page.js';

// Every event a person subscribes to, in plain words; `ping` is sent on request, never chosen.
const EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
  'post.scheduled': 'a post is scheduled',
  'post.published': 'a post is published',
  'post.failed': 'a post fails to publish',
  'post.deleted': 'a post is deleted',
  'post.restored': 'a deleted post is restored',
  'post.approval_requested': 'a post is sent for review',
  'post.approved': 'a post is approved',
  'post.rejected': 'a post is rejected',
  'account.connected': 'an account is connected',
  'account.needs_reconnect': 'an account must be reconnected',
  'account.token_expiring': 'an account’s access is about to expire',
  'media.ready': 'an upload is ready to use',
  ping: 'a test event, sent when you ask',
};
const OFFERED_EVENTS = WEBHOOK_EVENT_TYPES.filter((e) => e !== 'ping');

const ATTEMPTS_PER_PAGE = 20;

/** The use cases' dependencies: the core's and the URL check of the webhook sender. */
const depsOf = (c: SignedContext) => ({ ...c.deps.core, webhookSender: c.deps.webhookSender });

/** What the create form holds, to show it again after a refusal. */
type Typed = {
  readonly url: string;
  readonly description: string;
  readonly events: readonly WebhookEventType[];
  readonly accountIds: readonly string[];
};

const BLANK: Typed = { url: '', description: '', events: [], accountIds: [] };

/** How a webhook is named to a person (and to screen readers on its buttons). */
const nameOf = (w: WebhookJson) => w.description ?? w.url;

/** A page title that tells webhooks apart: the description, else the endpoint's host. */
function titleOf(w: WebhookJson): string {
  if (w.description !== null) return `Webhook: ${w.description}`;
  try {
    return `Webhook to ${new URL(w.url).host}`;
  } catch {
    return 'Webhook';
  }
}

const handlesOf = (accounts: readonly ConnectedAccount[]) =>
  new Map(accounts.map((a) => [a.id, `${PLATFORM_NAMES[a.platform]} @${a.handle}`]));

function eventsCell(events: readonly WebhookEventType[]): Html {
  return html`${events.map((e) => html`<div><code>${e}</code></div>`)}`;
}

function accountsCell(w: WebhookJson, handles: ReadonlyMap<string, string>): Html {
  if (w.accountIds === null) return html`all accounts`;
  return html`${w.accountIds.map((id) => html`<div>${handles.get(id) ?? id}</div>`)}`;
}

/** Enabled, paused by its owner, or disabled by the service with its reason. */
function stateOf(c: SignedContext, w: WebhookJson): Html {
  if (w.enabled) return html`<span class="status status-delivered">Enabled</span>`;
  const since = w.disabledAt === null ? '' : html` since ${c.time.when(new Date(w.disabledAt))}`;
  return w.disabledReason === null
    ? html`<span class="status status-draft">Disabled</span> <span class="muted">by you${since}</span>`
    : html`<span class="status status-failed">Disabled</span> <span class="muted">by the service${since}: ${w.disabledReason}</span>`;
}

const failingSince = (c: SignedContext, w: WebhookJson) =>
  w.failingSince === null
    ? html`<span class="muted">not failing</span>`
    : c.time.when(new Date(w.failingSince));

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

/** The secret, this once: on the answer of its creation or rotation, never in a URL, never again. */
function secretCard(heading: string, secret: string, more: Html | string): Html {
  return html`<section class="card" aria-labelledby="secret-heading"><h2 id="secret-heading">${heading}</h2>
<p>Copy it now: it is shown this once. Your receiver checks each message's signature with it.</p>
${more}
<p class="secret" id="new-secret-value">${secret}</p>
<button type="button" class="secondary" data-copy="new-secret-value" hidden>Copy</button></section>`;
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
<td data-label="Accounts">${accountsCell(w, handles)}</td>
<td data-label="State">${stateOf(c, w)}</td>
<td data-label="Failing since">${failingSince(c, w)}</td>
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
    ? html`<p class="muted">No webhook yet.</p>`
    : html`<div class="table stack"><table><caption class="skip">Your webhooks, newest first</caption>
<thead><tr><th scope="col">Endpoint</th><th scope="col">Events</th><th scope="col">Accounts</th><th scope="col">State</th><th scope="col">Failing since</th><th scope="col">Created</th></tr></thead>
<tbody>${rows}</tbody></table></div>`
}`;
  return htmlReply(
    extra.status,
    consolePage(c.session, {
      title: 'Webhooks',
      section: '/app/webhooks',
      body,
      notice: extra.notice ?? null,
      alert: extra.alert ?? null,
    }),
  );
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

/** The page of an id that is not one of the person's webhooks (or deliveries): nothing about it. */
function notFound(c: SignedContext, what = 'webhook'): ConsoleReply {
  return htmlReply(
    404,
    consolePage(c.session, {
      title: what === 'webhook' ? 'Webhook not found' : 'Delivery not found',
      section: '/app/webhooks',
      body: html`<p>There is no such ${what} among yours. <a href="/app/webhooks">Back to the webhooks</a>.</p>`,
    }),
  );
}

/** A refused action: not found for an id that is not the person's, else the use case's message. */
function refused(c: SignedContext, id: string, error: SvcError): ConsoleReply {
  if (error.code === 'webhook_not_found') return notFound(c);
  if (error.code === 'webhook_delivery_not_found') return notFound(c, 'delivery');
  return refusalPage(c, {
    status: 409,
    title: 'Not done',
    section: '/app/webhooks',
    message: error.message,
    back: { href: `/app/webhooks/${id}`, label: 'Back to the webhook' },
  });
}

/** A page of attempts; a cursor that is not one the list handed out starts from the newest. */
async function attemptsOf(
  c: SignedContext,
  id: string,
  cursor: string | null,
): Promise<{ attempts: WebhookAttemptJson[]; nextCursor: string | null; cursor: string | null }> {
  if (cursor !== null) {
    try {
      const page = await listWebhookAttempts(depsOf(c), c.actor, id, { limit: ATTEMPTS_PER_PAGE, cursor });
      if (page.isOk()) return { ...page.value, cursor };
    } catch {
      // The store refuses a cursor it did not hand out (edited by hand): the newest page instead.
    }
  }
  const first = await unwrap(
    listWebhookAttempts(depsOf(c), c.actor, id, { limit: ATTEMPTS_PER_PAGE, cursor: null }),
  );
  return { ...first, cursor: null };
}

function attemptRow(c: SignedContext, a: WebhookAttemptJson, redeliver: Html | ''): Html {
  const when = new Date(a.startedAt);
  return html`<tr>
<td><code>${a.event}</code></td>
<td data-label="Sent">${c.time.when(when)}</td>
<td data-label="Status code">${a.statusCode ?? html`<span class="muted">no answer</span>`}</td>
<td data-label="Outcome">${
    a.outcome === 'delivered'
      ? html`<span class="status status-delivered">Delivered</span>`
      : html`<span class="status status-failed">Failed</span>`
  } <span class="muted">attempt ${a.attempt}</span></td>
<td data-label="Duration">${a.durationMs} ms</td>
<td data-label="Error">${a.error ?? html`<span class="muted">none</span>`}</td>
<td data-label="Response">${
    a.responseExcerpt === null || a.responseExcerpt === ''
      ? html`<span class="muted">empty</span>`
      : html`<pre class="excerpt">${a.responseExcerpt}</pre>`
  }</td>
<td>${redeliver}</td>
</tr>`;
}

async function detailPage(
  c: SignedContext,
  webhook: WebhookJson,
  extra: { readonly notice?: string | null; readonly secret?: string },
): Promise<ConsoleReply> {
  const w = webhook;
  const accounts = await unwrap(listConnections(c.deps.core, c.actor));
  const page = await attemptsOf(c, w.id, c.url.searchParams.get('cursor'));
  const name = nameOf(w);
  const action = (path: string, label: string, aria: string, kind = 'secondary') =>
    html`<form class="inline" method="post" action="/app/webhooks/${w.id}/${path}">${csrfField(c.session)}<button${kind === '' ? '' : html` class="${kind}"`} type="submit" aria-label="${aria}">${label}</button></form>`;
  // One Redeliver per delivery, on its newest attempt shown (attempts come newest first).
  const offered = new Set<string>();
  const rows = page.attempts.map((a) => {
    const first = !offered.has(a.deliveryId);
    offered.add(a.deliveryId);
    const button = first
      ? html`<form class="inline" method="post" action="/app/webhooks/${w.id}/deliveries/${a.deliveryId}/redeliver">${csrfField(c.session)}<button class="secondary" type="submit" aria-label="Redeliver the ${a.event} event sent ${c.time.text(new Date(a.startedAt))}">Redeliver</button></form>`
      : '';
    return attemptRow(c, a, button);
  });
  const secret =
    extra.secret === undefined
      ? ''
      : secretCard(
          'The new signing secret',
          extra.secret,
          html`<p>The old secret keeps working for ${LIMIT_PHRASES.webhookSecretOverlap}${w.secretRotatedUntil === null ? '' : html`, until ${c.time.when(new Date(w.secretRotatedUntil))}`}: messages are signed with both until then, so your receiver can switch to the new one without missing any.</p>`,
        );
  const older =
    page.nextCursor === null
      ? ''
      : html`<a href="/app/webhooks/${w.id}?${new URLSearchParams({ cursor: page.nextCursor }).toString()}">Older attempts</a>`;
  const newest = page.cursor === null ? '' : html`<a href="/app/webhooks/${w.id}">Newest attempts</a>`;
  const body = html`${secret}
<div class="card"><dl>
<dt>Endpoint</dt><dd class="url">${w.url}</dd>
${w.description === null ? '' : html`<dt>Description</dt><dd>${w.description}</dd>`}
<dt>Events</dt><dd>${w.events.map((e) => html`<div><code>${e}</code> <span class="muted">${EVENT_LABELS[e]}</span></div>`)}</dd>
<dt>Accounts</dt><dd>${accountsCell(w, handlesOf(accounts))}</dd>
<dt>State</dt><dd>${stateOf(c, w)}</dd>
<dt>Failing since</dt><dd>${failingSince(c, w)}</dd>
${w.secretRotatedUntil === null ? '' : html`<dt>Old secret works until</dt><dd>${c.time.when(new Date(w.secretRotatedUntil))}</dd>`}
<dt>Created</dt><dd>${c.time.when(new Date(w.createdAt))}</dd>
<dt>Id</dt><dd><code>${w.id}</code></dd>
</dl>
<div class="actions">
${action('test', 'Send a test event', `Send a test event to ${name}`, '')}
${w.enabled ? action('disable', 'Disable', `Disable the webhook ${name}`) : action('enable', 'Enable', `Enable the webhook ${name}`)}
${action('rotate', 'Rotate the secret', `Rotate the secret of ${name}`)}
${action('delete', 'Delete', `Delete the webhook ${name}`, 'danger')}
</div></div>
<section aria-labelledby="attempts-heading"><h2 id="attempts-heading">Delivery attempts</h2>
${
  rows.length === 0
    ? html`<p class="muted">${page.cursor === null ? 'Nothing was sent yet. A test event shows here once it is sent.' : 'No older attempt.'}</p>`
    : html`<div class="table stack"><table><caption class="skip">Delivery attempts, newest first</caption>
<thead><tr><th scope="col">Event</th><th scope="col">Sent</th><th scope="col">Status code</th><th scope="col">Outcome</th><th scope="col">Duration</th><th scope="col">Error</th><th scope="col">Response</th><th scope="col"><span class="skip">Actions</span></th></tr></thead>
<tbody>${rows}</tbody></table></div>`
}
${older === '' && newest === '' ? '' : html`<p class="actions">${newest} ${older}</p>`}
</section>
<p><a href="/app/webhooks">Back to the webhooks</a></p>`;
  return htmlReply(
    200,
    consolePage(c.session, {
      title: titleOf(w),
      section: '/app/webhooks',
      body,
      notice: extra.notice ?? null,
    }),
  );
}

// What an action did, after its redirect; a disabled webhook's queue waits until it is enabled.
function detailNotice(done: string | null, enabled: boolean): string | null {
  const sent = enabled
    ? 'reload this page to see its attempt once it is sent.'
    : 'it is sent once the webhook is enabled again.';
  switch (done) {
    case 'tested':
      return `A test event (ping) is queued: ${sent}`;
    case 'redelivered':
      return `The delivery is queued again: ${sent}`;
    case 'disabled':
      return 'The webhook is disabled: nothing is sent to it until you enable it.';
    case 'enabled':
      return 'The webhook is enabled: events are sent to it again.';
    default:
      return null;
  }
}

async function show(c: SignedContext): Promise<ConsoleReply> {
  const found = await getWebhook(depsOf(c), c.actor, c.params.id ?? '');
  if (found.isErr()) return notFound(c);
  return detailPage(c, found.value, {
    notice: detailNotice(c.url.searchParams.get('done'), found.value.enabled),
  });
}

async function sendTest(c: SignedContext): Promise<ConsoleReply> {
  const id = c.params.id ?? '';
  const sent = await sendTestWebhook(depsOf(c), c.actor, id);
  if (sent.isErr()) return refused(c, id, sent.error);
  return redirectReply(`/app/webhooks/${id}?done=tested`);
}

const enabling =
  (enabled: boolean) =>
  async (c: SignedContext): Promise<ConsoleReply> => {
    const id = c.params.id ?? '';
    const changed = await updateWebhook(depsOf(c), c.actor, id, { enabled });
    if (changed.isErr()) return refused(c, id, changed.error);
    return redirectReply(`/app/webhooks/${id}?done=${enabled ? 'enabled' : 'disabled'}`);
  };

async function rotate(c: SignedContext): Promise<ConsoleReply> {
  const id = c.params.id ?? '';
  const rotated = await rotateWebhookSecret(depsOf(c), c.actor, id);
  if (rotated.isErr()) return refused(c, id, rotated.error);
  // Answered here, not after a redirect: the secret is shown this once.
  return detailPage(c, rotated.value.webhook, { secret: rotated.value.secret });
}

async function redeliver(c: SignedContext): Promise<ConsoleReply> {
  const id = c.params.id ?? '';
  const again = await redeliverWebhook(depsOf(c), c.actor, id, c.params.deliveryId ?? '');
  if (again.isErr()) return refused(c, id, again.error);
  return redirectReply(`/app/webhooks/${id}?done=redelivered`);
}

async function remove(c: SignedContext): Promise<ConsoleReply> {
  const id = c.params.id ?? '';
  const removed = await deleteWebhook(depsOf(c), c.actor, id);
  if (removed.isErr()) return refused(c, id, removed.error);
  return redirectReply('/app/webhooks?done=deleted');
}

/** Outgoing webhooks: create (secret shown once), list, a webhook's attempts and its actions. */
export const webhookRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/webhooks', access: 'signed', run: list },
  { method: 'POST', path: '/app/webhooks', access: 'signed', run: create },
  { method: 'GET', path: '/app/webhooks/:id', access: 'signed', run: show },
  { method: 'POST', path: '/app/webhooks/:id/test', access: 'signed', run: sendTest },
  { method: 'POST', path: '/app/webhooks/:id/disable', access: 'signed', run: enabling(false) },
  { method: 'POST', path: '/app/webhooks/:id/enable', access: 'signed', run: enabling(true) },
  { method: 'POST', path: '/app/webhooks/:id/rotate', access: 'signed', run: rotate },
  {
    method: 'POST',
    path: '/app/webhooks/:id/deliveries/:deliveryId/redeliver',
    access: 'signed',
    run: redeliver,
  },
  { method: 'POST', path: '/app/webhooks/:id/delete', access: 'signed', run: remove },
];
