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

/** What a fan-out step did: the events it read (0: none waiting) and the deliveries it made. */
export type FanOutResult = { readonly events: number; readonly deliveries: number };

/** How long a fan-out worker may keep what it read without making a message unsaved. */
export type FanOutSaving = {
  /** Events read past the stored cursor, at most, before it is written. */
  readonly events: number;
  /** How long the first of them may wait unsaved, at most. */
  readonly ms: number;
};

/**
 * A fan-out worker that remembers its lease and its cursor between steps (`createFanOut`):
 * `step` fans the journal's next events out; `save` writes the cursor it holds in memory (before
 * stopping).
 */
export type FanOut = {
  step(): Promise<FanOutResult | null>;
  save(): Promise<void>;
};

/** The cursor a fan-out worker holds, as it knows it. */
type Held = {
  /** Where the store's cursor is: the `from` of the next commit's compare-and-set. */
  readonly stored: string | null;
  /** Where this worker has read to: past `stored` only by events that made no message. */
  read: string | null;
  /** When the lease this worker last took or renewed ends (ms). */
  leaseUntil: number;
  /** Events read past `stored`, and since when (ms). */
  unsaved: number;
  unsavedSince: number;
};

/**
 * Turns the journal's next events into webhook messages and deliveries, and moves the cursor past
 * them, in one commit: a worker dying mid-step leaves the cursor where it was and the next step
 * does the same work again, so no event is skipped and none fans out twice. Events go to the
 * owner's enabled subscriptions that chose their type, hear their account and existed when the
 * event happened. Answers what it read and made, or null when another worker holds the cursor or
 * moved it first. One step, lease and commit each time: workers that step often use `createFanOut`.
 */
export async function fanOutWebhooks(deps: FanOutDeps, step: FanOutStep): Promise<FanOutResult | null> {
  return createFanOut(deps, step, { events: 0, ms: 0 }).step();
}

/**
 * A fan-out that steps without a write of its own while it can (docs/webhooks.md): its lease is
 * taken once and renewed by its commits (or a third of its time before it ends), and events that
 * make no message move only its cursor in memory, written with the next messages or once
 * `saving` allows no more. Losing it costs nothing but a replay: a worker that takes over reads
 * those events again, from the stored cursor, and they make no message again (for the same
 * subscriptions). A commit that finds the lease or the cursor changed writes nothing, and the
 * worker starts again from the store.
 */
export function createFanOut(deps: FanOutDeps, step: FanOutStep, saving: FanOutSaving): FanOut {
  let held: Held | null = null;

  const lease = async (now: Date): Promise<Held | null> => {
    const t = now.getTime();
    if (held !== null && t < held.leaseUntil - step.leaseMs / 3) return held;
    const cursor = await deps.store.webhooks.leaseFanOut({
      consumer: WEBHOOK_FAN_OUT_CONSUMER,
      leaseOwner: step.leaseOwner,
      now,
      leaseUntil: new Date(t + step.leaseMs),
    });
    // The cursor moved unless it is where this worker last stored it: start from the store's.
    if (cursor === null || held === null || held.stored !== cursor.position) {
      held =
        cursor === null
          ? null
          : { stored: cursor.position, read: cursor.position, leaseUntil: 0, unsaved: 0, unsavedSince: t };
    }
    if (held !== null) held.leaseUntil = t + step.leaseMs;
    return held;
  };

  const commit = async (
    now: Date,
    from: Held,
    to: string,
    messages: readonly WebhookMessage[],
    deliveries: readonly WebhookDelivery[],
  ): Promise<boolean> => {
    const leaseUntil = now.getTime() + step.leaseMs;
    const committed = await deps.store.webhooks.commitFanOut({
      consumer: WEBHOOK_FAN_OUT_CONSUMER,
      leaseOwner: step.leaseOwner,
      from: from.stored,
      to,
      leaseUntil: new Date(leaseUntil),
      messages,
      deliveries,
    });
    held = committed ? { stored: to, read: to, leaseUntil, unsaved: 0, unsavedSince: now.getTime() } : null;
    return committed;
  };

  return {
    async step() {
      const now = deps.clock.now();
      const cursor = await lease(now);
      if (cursor === null) return null;
      const events = await deps.store.events.listEvents(cursor.read, step.batch);
      const last = events.at(-1);
      if (last === undefined) {
        // Quiet: what was read unsaved is written once it has waited long enough.
        if (cursor.unsaved > 0 && now.getTime() - cursor.unsavedSince >= saving.ms && cursor.read !== null) {
          if (!(await commit(now, cursor, cursor.read, [], []))) return null;
        }
        return { events: 0, deliveries: 0 };
      }
      const { messages, deliveries } = await fanOutOf(deps, events, now);
      const unsaved = cursor.unsaved + events.length;
      const since = cursor.unsaved === 0 ? now.getTime() : cursor.unsavedSince;
      if (messages.length === 0 && unsaved < saving.events && now.getTime() - since < saving.ms) {
        cursor.read = last.position;
        cursor.unsaved = unsaved;
        cursor.unsavedSince = since;
        return { events: events.length, deliveries: 0 };
      }
      if (!(await commit(now, cursor, last.position, messages, deliveries))) return null;
      return { events: events.length, deliveries: deliveries.length };
    },
    async save() {
      const cursor = held;
      if (cursor === null || cursor.unsaved === 0 || cursor.read === null) return;
      await commit(deps.clock.now(), cursor, cursor.read, [], []);
    },
  };
}

/** The messages and deliveries events make for the subscriptions that hear them. */
async function fanOutOf(
  deps: FanOutDeps,
  events: readonly JournalEvent[],
  now: Date,
): Promise<{ messages: WebhookMessage[]; deliveries: WebhookDelivery[] }> {
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
  return { messages, deliveries };
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
