import { toAccountView } from '../../accounts/index.js';
import type { CoreDeps } from '../../deps/index.js';
import type { JournalEvent } from '../../journal/index.js';
import { publicAssetFields } from '../../media/index.js';
import { toPostView } from '../../posts/index.js';
import type { WebhookDelivery, WebhookMessage, WebhookSubscription } from '../webhook.js';
import { accountOfEvent, webhookEventOf } from '../webhook-event.js';
import { webhookBody } from './webhook-body.js';
import { newDelivery } from './webhook-deliveries.js';

/** The journal consumer the webhook fan-out reads as. */
export const WEBHOOK_FAN_OUT_CONSUMER = 'webhooks';

/** What the fan-out needs: the journal, subscriptions, ids, and links for media in post views. */
export type FanOutDeps = Pick<CoreDeps, 'store' | 'clock' | 'ids'> & {
  /** A signed link to a media asset, as REST answers carry. */
  readonly mediaUrl: (mediaId: string) => string;
};

/** One fan-out step's worker settings. */
export type FanOutStep = {
  readonly leaseOwner: string;
  /** How long the cursor's lease lasts: longer than a step takes, short enough to take over a dead worker's. */
  readonly leaseMs: number;
  /** Journal events read per step. */
  readonly batch: number;
};

/**
 * Turns the journal's next events into webhook messages and deliveries, and moves the cursor past
 * them, in one commit: a worker dying mid-step leaves the cursor where it was and the next step
 * does the same work again, so no event is skipped and none fans out twice. Events go to the
 * owner's enabled subscriptions that chose their type, hear their account and existed when the
 * event happened. Answers how many events were read (0: none waiting), or null when another
 * worker holds the cursor or moved it first.
 */
export async function fanOutWebhooks(deps: FanOutDeps, step: FanOutStep): Promise<number | null> {
  const now = deps.clock.now();
  const cursor = await deps.store.webhooks.leaseFanOut({
    consumer: WEBHOOK_FAN_OUT_CONSUMER,
    leaseOwner: step.leaseOwner,
    now,
    leaseUntil: new Date(now.getTime() + step.leaseMs),
  });
  if (cursor === null) return null;
  const events = await deps.store.events.listEvents(cursor.position, step.batch);
  const last = events.at(-1);
  if (last === undefined) return 0;
  const offered = events.filter((e) => webhookEventOf(e) !== null);
  const owners = [...new Set(offered.map((e) => e.ownerId))];
  const subscriptions = owners.length === 0 ? [] : await deps.store.webhooks.subscriptionsOf(owners);
  const once = subjectReads();
  const messages: WebhookMessage[] = [];
  const deliveries: WebhookDelivery[] = [];
  for (const event of offered) {
    const hearing = subscriptions.filter((s) => hears(s, event));
    const type = webhookEventOf(event);
    if (hearing.length === 0 || type === null) continue;
    const message: WebhookMessage = {
      id: deps.ids.id('msg'),
      ownerId: event.ownerId,
      eventType: type,
      sourcePosition: event.position,
      payload: webhookBody(type, event.at, await resourceOf(deps, event, once)),
      createdAt: now,
    };
    messages.push(message);
    for (const s of hearing) deliveries.push(newDelivery(deps, message, s.id, now));
  }
  const committed = await deps.store.webhooks.commitFanOut({
    consumer: WEBHOOK_FAN_OUT_CONSUMER,
    leaseOwner: step.leaseOwner,
    from: cursor.position,
    to: last.position,
    messages,
    deliveries,
  });
  return committed ? events.length : null;
}

function hears(subscription: WebhookSubscription, event: JournalEvent): boolean {
  const type = webhookEventOf(event);
  if (type === null || subscription.ownerId !== event.ownerId || !subscription.events.includes(type))
    return false;
  // A subscription made later does not hear what happened before it (nor a replayed journal).
  if (subscription.createdAt.getTime() > event.at.getTime()) return false;
  if (subscription.accountIds === null) return true;
  const account = accountOfEvent(event);
  return account !== null && subscription.accountIds.includes(account);
}

/**
 * The resource an event is about, as the REST API shows it now (normally within a second of the
 * change); what the event recorded when the resource is gone.
 */
/** Reads each subject once per step: a post's scheduled, publishing and posted events often share one. */
type SubjectReads = <T>(key: string, read: () => Promise<T>) => Promise<T>;

function subjectReads(): SubjectReads {
  const reads = new Map<string, Promise<unknown>>();
  return <T>(key: string, read: () => Promise<T>) => {
    const known = reads.get(key) as Promise<T> | undefined;
    if (known !== undefined) return known;
    const reading = read();
    reads.set(key, reading);
    return reading;
  };
}

async function resourceOf(
  deps: FanOutDeps,
  event: JournalEvent,
  once: SubjectReads,
): Promise<Record<string, unknown>> {
  const recorded = { id: event.subjectId, ...event.data };
  if (event.type.startsWith('post.')) {
    const post = await once(`post ${event.subjectId}`, () => deps.store.posts.getPost(event.subjectId));
    if (post === null || post.ownerId !== event.ownerId) return recorded;
    const view = toPostView(post, deps.mediaUrl);
    // A skipped recycling period is about the original post; why it was skipped is the event's own.
    return event.type === 'post.recycle_skipped'
      ? { ...view, reason: event.data.reason ?? null, copyNumber: event.data.copyNumber ?? null }
      : view;
  }
  if (event.type.startsWith('account.')) {
    const account = await once(`account ${event.subjectId}`, () =>
      deps.store.accounts.getAccount(event.subjectId),
    );
    return account === null || account.ownerId !== event.ownerId
      ? recorded
      : { ...toAccountView(account), ...event.data };
  }
  const [asset] = await once(`media ${event.subjectId}`, () =>
    deps.store.media.getMediaAssets([event.subjectId]),
  );
  return asset === undefined || asset.ownerId !== event.ownerId
    ? recorded
    : { ...publicAssetFields(asset), createdAt: asset.createdAt.toISOString() };
}
