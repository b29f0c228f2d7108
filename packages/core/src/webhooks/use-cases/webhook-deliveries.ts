import { err, ok, type Result } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorWorkspaceId, itemUseCase } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { WebhookDelivery, WebhookMessage } from '../webhook.js';
import { getWebhook } from './manage-webhooks.js';
import { type WebhookAttemptJson, type WebhookJson, webhookAttemptJson } from './webhook-answer.js';
import { webhookBody } from './webhook-body.js';

type Deps = Parameters<typeof getWebhook>[0];

const ATTEMPT_CURSOR = /^[1-9][0-9]{0,15}$/;

/** A new delivery of a message to a subscription, due now. */
export function newDelivery(
  deps: Pick<CoreDeps, 'ids'>,
  message: WebhookMessage,
  subscriptionId: string,
  now: Date,
): WebhookDelivery {
  return {
    id: deps.ids.id('dlv'),
    subscriptionId,
    messageId: message.id,
    ownerId: message.ownerId,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    leaseOwner: null,
    leaseUntil: null,
    createdAt: now,
    updatedAt: now,
    deliveredAt: null,
  };
}

/**
 * A use case changing a subscription's deliveries: it needs `webhook:write`, which implies reading
 * the subscription it changes.
 */
function deliveryChange<T, Rest extends unknown[]>(
  run: (
    item: WebhookJson,
    deps: Deps,
    actor: Actor,
    id: string,
    ...rest: Rest
  ) => Promise<Result<T, SvcError>>,
) {
  return itemUseCase(
    'webhook:write',
    (deps: Deps, actor: Actor, id: string) => getWebhook(deps, { ...actor, scopes: ['webhook:read'] }, id),
    run,
  );
}

/** Queues a `ping` to a subscription; a disabled one gets it once enabled again (deliveries wait). */
export const sendTestWebhook = deliveryChange(
  async (_item, deps, actor, id): Promise<Result<{ messageId: string; deliveryId: string }, SvcError>> => {
    const now = deps.clock.now();
    const message: WebhookMessage = {
      id: deps.ids.id('msg'),
      ownerId: actorWorkspaceId(actor),
      eventType: 'ping',
      sourcePosition: null,
      payload: webhookBody('ping', now, {
        webhookId: id,
        message: 'A test from svc: this endpoint receives webhooks.',
      }),
      createdAt: now,
    };
    const delivery = newDelivery(deps, message, id, now);
    await deps.store.webhooks.enqueue(message, [delivery]);
    deps.store.wakeups.notify('deliveries');
    return ok({ messageId: message.id, deliveryId: delivery.id });
  },
);

/** A page of a subscription's delivery attempts, newest first. */
export const listWebhookAttempts = itemUseCase(
  'webhook:read',
  getWebhook,
  async (
    _item,
    deps: Deps,
    actor,
    id,
    request: { readonly limit: number; readonly cursor: string | null },
  ): Promise<Result<{ attempts: WebhookAttemptJson[]; nextCursor: string | null }, SvcError>> => {
    // The stores hand out attempt ids as cursors; anything else is refused before it reaches them.
    if (request.cursor !== null && !ATTEMPT_CURSOR.test(request.cursor)) {
      return err(
        svcError('validation_failed', 'This cursor was not handed out by this list.', { field: 'cursor' }),
      );
    }
    const page = await deps.store.webhooks.listAttempts(actorWorkspaceId(actor), id, {
      limit: request.limit,
      ...(request.cursor === null ? {} : { before: request.cursor }),
    });
    return ok({ attempts: page.attempts.map(webhookAttemptJson), nextCursor: page.next });
  },
);

/** Sends a delivery again now, with the same `webhook-id`, whatever became of it. */
export const redeliverWebhook = deliveryChange(
  async (
    _item,
    deps,
    actor,
    id,
    deliveryId: string,
  ): Promise<Result<{ deliveryId: string; status: 'pending' }, SvcError>> => {
    const again = await deps.store.webhooks.redeliver(
      actorWorkspaceId(actor),
      id,
      deliveryId,
      deps.clock.now(),
    );
    if (again !== null) deps.store.wakeups.notify('deliveries');
    return again === null
      ? err(
          svcError('webhook_delivery_not_found', `No delivery ${deliveryId} on webhook ${id}.`, {
            webhookId: id,
            deliveryId,
          }),
        )
      : ok({ deliveryId: again.id, status: 'pending' as const });
  },
);
