import type { CoreDeps } from '../../deps/index.js';
import type { NotificationKind } from '../notification-kind.js';
import { type NotificationPreferences, preferencesOf } from '../notification-preferences.js';
import { readUnsubscribeToken, type UnsubscribeSubject } from '../unsubscribe-token.js';

/** A person's notification choices, defaults filled in. */
export async function getNotificationPreferences(
  deps: Pick<CoreDeps, 'store'>,
  userId: string,
): Promise<NotificationPreferences> {
  return preferencesOf(await deps.store.notifications.preferencesOf(userId));
}

/** Sets the given kinds on or off for a person; answers all their choices after. */
export async function setNotificationPreferences(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  userId: string,
  changes: Readonly<Partial<Record<NotificationKind, boolean>>>,
): Promise<NotificationPreferences> {
  const at = deps.clock.now();
  for (const [kind, enabled] of Object.entries(changes) as [NotificationKind, boolean | undefined][]) {
    if (enabled !== undefined) await deps.store.notifications.setPreference(userId, kind, enabled, at);
  }
  return getNotificationPreferences(deps, userId);
}

/**
 * What an unsubscribe link names, or null for a token that is not ours. Reading it changes nothing:
 * a GET (a mail scanner following links) must not unsubscribe anyone.
 */
export function unsubscribeSubjectOf(
  deps: Pick<CoreDeps, 'secretBox'>,
  token: string,
): UnsubscribeSubject | null {
  return readUnsubscribeToken(deps.secretBox, token);
}

/** The one-click unsubscribe (RFC 8058's POST): switches the token's kind off; false for a token not ours. */
export async function unsubscribe(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'secretBox'>,
  token: string,
): Promise<UnsubscribeSubject | null> {
  const subject = readUnsubscribeToken(deps.secretBox, token);
  if (subject === null) return null;
  await deps.store.notifications.setPreference(subject.userId, subject.kind, false, deps.clock.now());
  return subject;
}
