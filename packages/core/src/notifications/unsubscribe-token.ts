import type { SecretBox } from '../kernel/index.js';
import { isNotificationKind, type NotificationKind } from './notification-kind.js';

const PURPOSE = 'unsubscribe';

/** Whom and which kind an unsubscribe token switches off. */
export type UnsubscribeSubject = { readonly userId: string; readonly kind: NotificationKind };

/**
 * The unsubscribe token of one person and kind: sealed with the master secret (authenticated
 * encryption), so it cannot be made or changed without it, and it names its purpose, so no other
 * sealed value of the service is accepted as one. It is no credential: it only switches that kind off.
 */
export function unsubscribeToken(box: SecretBox, subject: UnsubscribeSubject): string {
  return box.seal(JSON.stringify({ p: PURPOSE, u: subject.userId, k: subject.kind }));
}

/** What a token names, or null when it is not one of ours (tampered, another key, another purpose). */
export function readUnsubscribeToken(box: SecretBox, token: string): UnsubscribeSubject | null {
  try {
    const value = JSON.parse(box.open(token)) as { p?: unknown; u?: unknown; k?: unknown };
    if (value.p !== PURPOSE || typeof value.u !== 'string' || typeof value.k !== 'string') return null;
    return isNotificationKind(value.k) ? { userId: value.u, kind: value.k } : null;
  } catch {
    return null;
  }
}
