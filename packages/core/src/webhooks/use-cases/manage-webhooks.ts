import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorWorkspaceId, itemUseCase, useCase } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { freshSubscriptionFields } from '../fresh-subscription-fields.js';
import type { WebhookSender } from '../ports/webhook-sender.js';
import type { WebhookEventType, WebhookSubscription } from '../webhook.js';
import { type WebhookJson, webhookJson } from './webhook-answer.js';

type Deps = Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'secretBox'> & {
  readonly webhookSender: Pick<WebhookSender, 'checkUrl'>;
};

/** Subscriptions one owner may have: enough for every integration, few enough to deliver fast. */
export const WEBHOOKS_PER_OWNER = 25;

/** How long the previous secret keeps signing after a rotation, so receivers can switch. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3_600_000;

/** What a caller sets on a subscription. */
export type WebhookInput = {
  readonly url: string;
  readonly events: readonly WebhookEventType[];
  readonly description?: string | null;
  readonly accountIds?: readonly string[] | null;
};

/** A subscription with its signing secret: the answer of its creation and of a rotation, shown once. */
export type WebhookWithSecret = { readonly webhook: WebhookJson; readonly secret: string };

/**
 * A key limited to some accounts sees only subscriptions limited to those accounts too: one that
 * hears every account would tell it about accounts it may not see.
 */
function actorSees(actor: Actor, subscription: WebhookSubscription): boolean {
  const allowed = actor.accountIds;
  return allowed === null || (subscription.accountIds?.every((id) => allowed.includes(id)) ?? false);
}

function noEvents(): SvcError {
  return svcError('validation_failed', 'Choose at least one event for the webhook.', { field: 'events' });
}

function notFound(id: string): SvcError {
  return svcError('webhook_not_found', `No webhook ${id} here.`, { webhookId: id });
}

async function owned(deps: Deps, actor: Actor, id: string): Promise<Result<WebhookSubscription, SvcError>> {
  const found = await deps.store.webhooks.getSubscription(actorWorkspaceId(actor), id);
  return found !== null && actorSees(actor, found) ? ok(found) : err(notFound(id));
}

/**
 * A new secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks). The generator's
 * secret is those bytes in base64url, so only the alphabet and the padding change.
 */
function newSecret(deps: Pick<CoreDeps, 'ids'>): string {
  const base64 = deps.ids.secret().replace(/-/g, '+').replace(/_/g, '/');
  return `whsec_${base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')}`;
}

async function checkUrl(deps: Deps, url: string): Promise<Result<string, SvcError>> {
  const refusal = await deps.webhookSender.checkUrl(url);
  return refusal === null
    ? ok(url)
    : err(svcError('invalid_webhook_url', `The webhook URL cannot be used: ${refusal}`, { url }));
}

/**
 * The accounts a subscription hears: those given must be the owner's and within the key's reach;
 * none given means every account, or the key's own when it is limited.
 */
async function checkAccounts(
  deps: Deps,
  actor: Actor,
  accountIds: readonly string[] | null | undefined,
): Promise<Result<readonly string[] | null, SvcError>> {
  if (accountIds === undefined || accountIds === null) return ok(actor.accountIds);
  const ids = [...new Set(accountIds)];
  const outside = ids.filter((id) => actor.accountIds !== null && !actor.accountIds.includes(id));
  if (outside.length > 0) {
    return err(
      svcError('profile_scope_denied', 'This key may not see some of these accounts.', {
        profileIds: outside,
      }),
    );
  }
  const found = await Promise.all(ids.map((id) => deps.store.accounts.getAccount(id)));
  const unknown = ids.filter((_, i) => found[i]?.ownerId !== actorWorkspaceId(actor));
  if (unknown.length > 0) {
    return err(
      svcError('invalid_profile_ids', 'Some of these accounts are not connected.', { profileIds: unknown }),
    );
  }
  return ok(ids);
}

/** Subscribes an endpoint; the answer holds its signing secret, shown this once. */
export function createWebhook(
  deps: Deps,
  actor: Actor,
  input: WebhookInput,
): ResultAsync<WebhookWithSecret, SvcError> {
  return useCase(actor, 'webhook:write', async (): Promise<Result<WebhookWithSecret, SvcError>> => {
    const existing = await deps.store.webhooks.listSubscriptions(actorWorkspaceId(actor));
    if (existing.length >= WEBHOOKS_PER_OWNER) {
      return err(
        svcError('webhook_limit_reached', `At most ${WEBHOOKS_PER_OWNER} webhooks: delete one first.`, {
          limit: WEBHOOKS_PER_OWNER,
        }),
      );
    }
    if (input.events.length === 0) return err(noEvents());
    const url = await checkUrl(deps, input.url);
    if (url.isErr()) return err(url.error);
    const accounts = await checkAccounts(deps, actor, input.accountIds);
    if (accounts.isErr()) return err(accounts.error);
    const now = deps.clock.now();
    const secret = newSecret(deps);
    const subscription: WebhookSubscription = {
      id: deps.ids.id('whk'),
      ownerId: actorWorkspaceId(actor),
      url: url.value,
      events: [...new Set(input.events)],
      description: input.description ?? null,
      accountIds: accounts.value,
      sealedSecret: deps.secretBox.seal(secret),
      ...freshSubscriptionFields(now),
    };
    await deps.store.webhooks.createSubscription(subscription);
    return ok({ webhook: webhookJson(subscription), secret });
  });
}

/** The caller's subscriptions, newest first. */
export function listWebhooks(deps: Pick<Deps, 'store'>, actor: Actor): ResultAsync<WebhookJson[], SvcError> {
  return useCase(actor, 'webhook:read', async () => {
    const all = await deps.store.webhooks.listSubscriptions(actorWorkspaceId(actor));
    return ok(all.filter((s) => actorSees(actor, s)).map(webhookJson));
  });
}

/** One subscription. */
export function getWebhook(deps: Deps, actor: Actor, id: string): ResultAsync<WebhookJson, SvcError> {
  return useCase(actor, 'webhook:read', async () => (await owned(deps, actor, id)).map(webhookJson));
}

/** What PATCH may change; `enabled: true` also clears a disabled endpoint's reason and failure run. */
export type WebhookChanges = Partial<WebhookInput> & { readonly enabled?: boolean };

/** Changes a subscription. */
export const updateWebhook = itemUseCase(
  'webhook:write',
  owned,
  async (
    subscription,
    deps: Deps,
    actor,
    id,
    changes: WebhookChanges,
  ): Promise<Result<WebhookJson, SvcError>> => {
    if (changes.events?.length === 0) return err(noEvents());
    const checkedUrl = changes.url === undefined ? null : await checkUrl(deps, changes.url);
    if (checkedUrl?.isErr()) return err(checkedUrl.error);
    const checkedAccounts =
      changes.accountIds === undefined ? null : await checkAccounts(deps, actor, changes.accountIds);
    if (checkedAccounts?.isErr()) return err(checkedAccounts.error);
    const url = checkedUrl?.unwrapOr(null) ?? null;
    const accounts = checkedAccounts === null ? undefined : checkedAccounts.unwrapOr(null);
    const now = deps.clock.now();
    const enabling = changes.enabled === true && !subscription.enabled;
    const updated = await deps.store.webhooks.updateSubscription(actorWorkspaceId(actor), id, {
      updatedAt: now,
      ...(url === null ? {} : { url }),
      ...(changes.events === undefined ? {} : { events: [...new Set(changes.events)] }),
      ...(changes.description === undefined ? {} : { description: changes.description }),
      ...(accounts === undefined ? {} : { accountIds: accounts }),
      ...(changes.enabled === false ? { enabled: false, disabledReason: null, disabledAt: now } : {}),
      ...(enabling ? { enabled: true, disabledReason: null, disabledAt: null, failingSince: null } : {}),
    });
    // The deliveries that waited while it was disabled are due now.
    if (enabling && updated !== null) deps.store.wakeups.notify('deliveries');
    return updated === null ? err(notFound(id)) : ok(webhookJson(updated));
  },
);

/** Removes a subscription, its pending deliveries and its history. */
export const deleteWebhook = itemUseCase(
  'webhook:write',
  owned,
  async (_subscription, deps: Deps, actor, id): Promise<Result<{ id: string }, SvcError>> =>
    (await deps.store.webhooks.deleteSubscription(actorWorkspaceId(actor), id))
      ? ok({ id })
      : err(notFound(id)),
);

/**
 * A new signing secret, shown once. The previous one keeps signing alongside it for 24 hours, so
 * a receiver accepts either while it switches; a second rotation within them drops the oldest.
 */
export const rotateWebhookSecret = itemUseCase(
  'webhook:write',
  owned,
  async (subscription, deps: Deps, actor, id): Promise<Result<WebhookWithSecret, SvcError>> => {
    const now = deps.clock.now();
    const secret = newSecret(deps);
    const updated = await deps.store.webhooks.updateSubscription(actorWorkspaceId(actor), id, {
      updatedAt: now,
      sealedSecret: deps.secretBox.seal(secret),
      previousSealedSecret: subscription.sealedSecret,
      previousSecretUntil: new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_MS),
    });
    return updated === null ? err(notFound(id)) : ok({ webhook: webhookJson(updated), secret });
  },
);
