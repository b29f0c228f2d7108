import type { JournalEvent } from '../journal/index.js';
import { type NotificationKind, notificationKindOf } from './notification-kind.js';

/** Someone to tell about an event, and as which kind. */
export type NotificationRecipient = { readonly userId: string; readonly kind: NotificationKind };

/**
 * Who is told about a journal event. Today the owner of the post or account: they connected the
 * account, wrote or reviews the post (approvals are decided by the owner). With workspaces the
 * members whose role concerns the event join here, in core, not in the stores.
 */
export function recipientsOf(event: JournalEvent): readonly NotificationRecipient[] {
  const kind = notificationKindOf(event.type);
  return kind === null ? [] : [{ userId: event.ownerId, kind }];
}

/**
 * The key that makes a notification once: the event, the person and the kind. A replayed journal
 * (a fan-out step done again after a crash) finds the key taken and adds nothing.
 */
export function notificationDedupKey(event: JournalEvent, recipient: NotificationRecipient): string {
  return `${event.seq}:${recipient.userId}:${recipient.kind}`;
}
