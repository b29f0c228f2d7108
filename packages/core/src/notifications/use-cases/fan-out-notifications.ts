import type { CoreDeps } from '../../deps/index.js';
import type { JournalEvent } from '../../journal/index.js';
import type { FanOutStep } from '../../webhooks/index.js';
import { composeNotification, type NotificationFacts } from '../compose-notification.js';
import type { Notification } from '../notification.js';
import { preferencesOf } from '../notification-preferences.js';
import { notificationDedupKey, recipientsOf } from '../notification-recipients.js';
import { unsubscribeToken } from '../unsubscribe-token.js';

/** The journal cursor the notification fan-out reads as (its row of `journal_cursors`). */
export const NOTIFICATION_FAN_OUT_CONSUMER = 'notifications';

/**
 * Events older than this when the fan-out reads them are not told: a first start on an old
 * database (or the first start after SVC_SMTP_URL was set) sends nothing about its past, and a
 * message about something a day old helps nobody. Outages shorter than this lose nothing.
 */
export const NOTIFICATION_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** What the notification fan-out needs: the journal, people, their choices, and the public base URL. */
export type NotificationFanOutDeps = Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'secretBox'> & {
  /** `SVC_BASE_URL`, without a trailing slash: links in messages start with it. */
  readonly baseUrl: string;
};

/**
 * Turns the journal's next events into notifications for the people who chose their kind, and
 * moves the cursor past them, in one commit (as the webhook fan-out does): a crash mid-step does
 * the step again, and the dedup key (event × person × kind) keeps that from making a second row.
 * Answers how many events were read (0: none waiting), or null when another worker holds the cursor.
 */
export async function fanOutNotifications(
  deps: NotificationFanOutDeps,
  step: FanOutStep,
): Promise<number | null> {
  const now = deps.clock.now();
  const cursor = await deps.store.notifications.leaseFanOut({
    leaseOwner: step.leaseOwner,
    now,
    leaseUntil: new Date(now.getTime() + step.leaseMs),
  });
  if (cursor === null) return null;
  const events = await deps.store.events.listEvents(cursor.position, step.batch);
  const last = events.at(-1);
  if (last === undefined) return 0;
  const wanted = events
    .filter((event) => now.getTime() - event.at.getTime() <= NOTIFICATION_MAX_AGE_MS)
    .flatMap((event) => recipientsOf(event).map((recipient) => ({ event, recipient })));
  const people = [...new Set(wanted.map((w) => w.recipient.userId))];
  const chosen = people.length === 0 ? new Map() : await deps.store.notifications.preferencesOfMany(people);
  const notifications: Notification[] = [];
  for (const { event, recipient } of wanted) {
    if (!preferencesOf(chosen.get(recipient.userId) ?? {})[recipient.kind]) continue;
    const user = await deps.store.users.getUser(recipient.userId);
    if (user === null) continue;
    const unsubscribeUrl = `${deps.baseUrl}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(deps.secretBox, recipient))}`;
    const facts = await factsOf(deps, event, unsubscribeUrl);
    const message = composeNotification(recipient.kind, event, facts);
    notifications.push({
      id: deps.ids.id('ntf'),
      dedupKey: notificationDedupKey(event, recipient),
      userId: recipient.userId,
      kind: recipient.kind,
      to: user.email,
      ...message,
      unsubscribeUrl,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      createdAt: now,
      updatedAt: now,
      sentAt: null,
    });
  }
  const committed = await deps.store.notifications.commitFanOut({
    leaseOwner: step.leaseOwner,
    from: cursor.position,
    to: last.position,
    notifications,
  });
  return committed ? events.length : null;
}

async function factsOf(
  deps: NotificationFanOutDeps,
  event: JournalEvent,
  unsubscribeUrl: string,
): Promise<NotificationFacts> {
  if (event.type.startsWith('account.')) {
    const account = await deps.store.accounts.getAccount(event.subjectId);
    const handle = account?.ownerId === event.ownerId ? account.handle : stringOf(event.data.handle);
    const platform = account?.ownerId === event.ownerId ? account.platform : stringOf(event.data.platform);
    return {
      ...(handle === undefined ? {} : { handle }),
      ...(platform === undefined ? {} : { platform }),
      link: `${deps.baseUrl}/app/accounts`,
      unsubscribeUrl,
    };
  }
  const post = await deps.store.posts.getPost(event.subjectId);
  return {
    ...(post !== null && post.ownerId === event.ownerId ? { caption: post.caption } : {}),
    link: `${deps.baseUrl}/app/posts/${encodeURIComponent(event.subjectId)}`,
    unsubscribeUrl,
  };
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
