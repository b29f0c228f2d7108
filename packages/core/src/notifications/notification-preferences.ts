import {
  DEFAULT_NOTIFICATION_KINDS,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from './notification-kind.js';

/** Which kinds a person is e-mailed about: every kind, on or off. */
export type NotificationPreferences = Readonly<Record<NotificationKind, boolean>>;

/** What a person chose, kind by kind; a kind they never touched is absent. */
export type StoredPreferences = Readonly<Partial<Record<NotificationKind, boolean>>>;

/** A person's preferences: their choices, and the defaults for kinds they never chose. */
export function preferencesOf(stored: StoredPreferences): NotificationPreferences {
  const result = {} as Record<NotificationKind, boolean>;
  for (const kind of NOTIFICATION_KINDS)
    result[kind] = stored[kind] ?? DEFAULT_NOTIFICATION_KINDS.includes(kind);
  return result;
}
