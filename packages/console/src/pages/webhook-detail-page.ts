import {
  deleteWebhook,
  getWebhook,
  LIMIT_PHRASES,
  listConnections,
  listWebhookAttempts,
  redeliverWebhook,
  rotateWebhookSecret,
  type SvcError,
  sendTestWebhook,
  updateWebhook,
  type WebhookAttemptJson,
  type WebhookJson,
} from '@svc/core';
import { type Html, html, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField, pageReply } from '../console-page.js';
import { type ConsoleReply, redirectReply } from '../console-reply.js';
import { pageRoutes } from '../page-routes.js';
import { confirmButton } from './confirm-page.js';
import { notFoundPage, refusalPage } from './refusal-page.js';
import { depsOf, EVENT_LABELS, handlesOf, secretCard, webhookFacts } from './webhook-view.js';

const ATTEMPTS_PER_PAGE = 20;

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

/** The page of an id that is not one of the person's webhooks (or deliveries): nothing about it. */
function notFound(c: SignedContext, what = 'webhook'): ConsoleReply {
  return notFoundPage(c, {
    title: what === 'webhook' ? 'Webhook not found' : 'Delivery not found',
    section: '/app/webhooks',
    text: `There is no such ${what} among yours.`,
    back: { href: '/app/webhooks', label: 'Back to the webhooks' },
  });
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
${webhookFacts(c, w, handlesOf(accounts)).map(([label, value]) => html`<dt>${label}</dt><dd>${value}</dd>`)}
${w.secretRotatedUntil === null ? '' : html`<dt>Old secret works until</dt><dd>${c.time.when(new Date(w.secretRotatedUntil))}</dd>`}
<dt>Created</dt><dd>${c.time.when(new Date(w.createdAt))}</dd>
<dt>Id</dt><dd><code>${w.id}</code></dd>
</dl>
<div class="actions">
${action('test', 'Send a test event', `Send a test event to ${name}`, '')}
${w.enabled ? action('disable', 'Disable', `Disable the webhook ${name}`) : action('enable', 'Enable', `Enable the webhook ${name}`)}
${action('rotate', 'Rotate the secret', `Rotate the secret of ${name}`)}
${confirmButton(`/app/webhooks/${w.id}/delete`, 'Delete', `Delete the webhook ${name}`)}
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
  return pageReply(c, 200, {
    title: titleOf(w),
    section: '/app/webhooks',
    body,
    notice: extra.notice ?? null,
  });
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
/** One webhook's page: its attempts (redelivered one by one) and its actions (test, enable, rotate, delete). */
export const webhookDetailRoutes: readonly ConsoleRoute[] = pageRoutes('/app/webhooks/:id', show, {
  test: sendTest,
  disable: enabling(false),
  enable: enabling(true),
  rotate,
  'deliveries/:deliveryId/redeliver': redeliver,
  delete: remove,
});
