import {
  type ConnectedAccount,
  PLATFORM_NAMES,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  type WebhookJson,
} from '@svc/core';
import { type Html, html } from '@svc/web';
import type { SignedContext } from '../console-context.js';
import { shownOnceCard } from './shown-once.js';

// What the webhooks list page and a webhook's page both show: event names, accounts, state, a new secret.

/** Every event a person subscribes to, in plain words; `ping` is sent on request, never chosen. */
export const EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
  'post.scheduled': 'a post is scheduled',
  'post.published': 'a post is published',
  'post.permalink_ready': 'a published post’s link arrives later (TikTok moderation)',
  'post.failed': 'a post fails to publish',
  'post.deleted': 'a post is deleted',
  'post.restored': 'a deleted post is restored',
  'post.recycled': 'a copy of an evergreen post is queued',
  'post.recycle_skipped': 'an evergreen post is not recycled this time, and why',
  'post.approval_requested': 'a post is sent for review',
  'post.approved': 'a post is approved',
  'post.rejected': 'a post is rejected',
  'account.connected': 'an account is connected',
  'account.needs_reconnect': 'an account must be reconnected',
  'account.token_expiring': 'an account’s access is about to expire',
  'media.ready': 'an upload is ready to use',
  ping: 'a test event, sent when you ask',
};

/** The events a person can choose; `ping` is sent on request only. */
export const OFFERED_EVENTS = WEBHOOK_EVENT_TYPES.filter((e) => e !== 'ping');

/** The use cases' dependencies: the core's and the URL check of the webhook sender. */
export const depsOf = (c: SignedContext) => ({ ...c.deps.core, webhookSender: c.deps.webhookSender });

/** Each connected account's id to how it is named: platform and handle. */
export const handlesOf = (accounts: readonly ConnectedAccount[]) =>
  new Map(accounts.map((a) => [a.id, `${PLATFORM_NAMES[a.platform]} @${a.handle}`]));

/** The accounts a webhook is limited to, by name, or "all accounts". */
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

/** Since when the webhook's deliveries keep failing, or that they do not. */
const failingSince = (c: SignedContext, w: WebhookJson) =>
  w.failingSince === null
    ? html`<span class="muted">not failing</span>`
    : c.time.when(new Date(w.failingSince));

/** What the list of webhooks and a webhook's page both say of its reach and health, each labelled. */
export function webhookFacts(
  c: SignedContext,
  w: WebhookJson,
  handles: ReadonlyMap<string, string>,
): readonly (readonly [label: string, value: Html | string])[] {
  return [
    ['Accounts', accountsCell(w, handles)],
    ['State', stateOf(c, w)],
    ['Failing since', failingSince(c, w)],
  ];
}

/** The secret, this once: on the answer of its creation or rotation, never in a URL, never again. */
export function secretCard(heading: string, secret: string, more: Html | string): Html {
  return shownOnceCard(
    'new-secret',
    heading,
    html`<p>Copy it now: it is shown this once. Your receiver checks each message's signature with it.</p>
${more}`,
    secret,
  );
}
