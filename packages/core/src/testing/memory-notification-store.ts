import type {
  Notification,
  NotificationKind,
  NotificationStore,
  StoredPreferences,
} from '../notifications/index.js';
import { copy } from './memory-copy.js';

type Row = { notification: Notification; leaseOwner: string | null; leaseUntil: Date | null };

/** The NotificationStore in memory, with the SQL stores' behaviour (same contract suite). */
export function createMemoryNotificationStore(live: () => void): NotificationStore {
  const preferences = new Map<string, Partial<Record<NotificationKind, boolean>>>();
  const rows = new Map<string, Row>();
  const keys = new Set<string>();
  const cursor: {
    position: string | null;
    leaseOwner: string | null;
    leaseUntil: Date | null;
    made: boolean;
  } = { position: null, leaseOwner: null, leaseUntil: null, made: false };

  /** Stores new notifications, skipping a dedup key stored already (the SQL stores' ON CONFLICT). */
  const store = (notifications: readonly Notification[]) => {
    for (const n of notifications) {
      if (keys.has(n.dedupKey)) continue;
      keys.add(n.dedupKey);
      rows.set(n.id, { notification: copy(n), leaseOwner: null, leaseUntil: null });
    }
  };

  return {
    async preferencesOf(userId) {
      live();
      return { ...(preferences.get(userId) ?? {}) };
    },
    async setPreference(userId, kind, enabled) {
      live();
      preferences.set(userId, { ...(preferences.get(userId) ?? {}), [kind]: enabled });
    },
    async preferencesOfMany(userIds) {
      live();
      const found = new Map<string, StoredPreferences>();
      for (const id of userIds) {
        const chosen = preferences.get(id);
        if (chosen !== undefined) found.set(id, { ...chosen });
      }
      return found;
    },
    async leaseFanOut({ leaseOwner, now, leaseUntil }) {
      live();
      const free =
        cursor.leaseOwner === null ||
        cursor.leaseOwner === leaseOwner ||
        cursor.leaseUntil === null ||
        cursor.leaseUntil.getTime() <= now.getTime();
      if (!free) return null;
      cursor.made = true;
      cursor.leaseOwner = leaseOwner;
      cursor.leaseUntil = leaseUntil;
      return { position: cursor.position };
    },
    async startFanOutAt(position) {
      live();
      if (cursor.made) return;
      cursor.made = true;
      cursor.position = position;
    },
    async commitFanOut(commit) {
      live();
      if (!cursor.made || cursor.leaseOwner !== commit.leaseOwner || cursor.position !== commit.from)
        return false;
      store(commit.notifications);
      cursor.position = commit.to;
      return true;
    },
    async peopleWhoChose(kind, afterUserId, limit) {
      live();
      return [...preferences]
        .filter(([id, chosen]) => chosen[kind] === true && (afterUserId === null || id > afterUserId))
        .map(([id]) => id)
        .sort()
        .slice(0, Math.max(0, Math.floor(limit)));
    },
    async takenKeys(dedupKeys) {
      live();
      return new Set(dedupKeys.filter((k) => keys.has(k)));
    },
    async enqueue(notifications) {
      live();
      store(notifications);
    },
    async claim({ now, leaseOwner, leaseUntil, limit }) {
      live();
      const due = [...rows.values()]
        .filter(
          (r) =>
            r.notification.status === 'pending' &&
            (r.notification.nextAttemptAt?.getTime() ?? 0) <= now.getTime() &&
            (r.leaseUntil === null || r.leaseUntil.getTime() <= now.getTime()),
        )
        .sort(
          (a, b) =>
            (a.notification.nextAttemptAt?.getTime() ?? 0) - (b.notification.nextAttemptAt?.getTime() ?? 0) ||
            (a.notification.id < b.notification.id ? -1 : 1),
        )
        .slice(0, Math.max(0, Math.floor(limit)));
      return due.map((r) => {
        r.leaseOwner = leaseOwner;
        r.leaseUntil = leaseUntil;
        r.notification = { ...r.notification, attempts: r.notification.attempts + 1, updatedAt: now };
        return copy(r.notification);
      });
    },
    async finishAttempt(end) {
      live();
      const row = rows.get(end.id);
      if (row === undefined || row.leaseOwner !== end.leaseOwner) return false;
      row.leaseOwner = null;
      row.leaseUntil = null;
      row.notification = {
        ...row.notification,
        status: end.status,
        nextAttemptAt: end.nextAttemptAt,
        lastError: end.error,
        updatedAt: end.at,
        sentAt: end.status === 'sent' ? end.at : null,
      };
      return true;
    },
    async listNotifications(userId, limit) {
      live();
      return [...rows.values()]
        .map((r) => r.notification)
        .filter((n) => n.userId === userId)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
        .slice(0, Math.max(0, Math.floor(limit)))
        .map((n) => copy(n));
    },
  };
}
