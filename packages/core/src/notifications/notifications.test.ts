import { describe, expect, it } from 'vitest';
import type { JournalEvent } from '../journal/index.js';
import { createAesGcmSecretBox } from '../node/aes-gcm-secret-box.js';
import { composeNotification } from './compose-notification.js';
import { notificationKindOf } from './notification-kind.js';
import { preferencesOf } from './notification-preferences.js';
import { notificationDedupKey, recipientsOf } from './notification-recipients.js';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token.js';

const event = (type: JournalEvent['type'], data: JournalEvent['data'] = {}): JournalEvent => ({
  type,
  at: new Date('2026-11-30T10:00:00.000Z'),
  ownerId: 'user_ann',
  subjectId: 'post_1',
  data,
  actor: null,
  seq: 7,
  position: '7',
});

describe('notifications', () => {
  it('defaults to failed posts and reconnects on, the rest off, until the person chooses', () => {
    expect(preferencesOf({})).toEqual({
      post_failed: true,
      account_reconnect: true,
      review_requested: false,
      review_decided: false,
      daily_digest: false,
    });
    expect(preferencesOf({ post_failed: false, review_decided: true })).toMatchObject({
      post_failed: false,
      review_decided: true,
    });
  });

  it('tells the owner about the events of each kind, and nobody about the others', () => {
    expect(notificationKindOf('post.failed')).toBe('post_failed');
    expect(notificationKindOf('account.token_expiring')).toBe('account_reconnect');
    expect(notificationKindOf('account.needs_reconnect')).toBe('account_reconnect');
    expect(notificationKindOf('post.approval_requested')).toBe('review_requested');
    expect(notificationKindOf('post.rejected')).toBe('review_decided');
    expect(recipientsOf(event('post.posted'))).toEqual([]);
    const [ann] = recipientsOf(event('post.failed'));
    expect(ann).toEqual({ userId: 'user_ann', kind: 'post_failed' });
    expect(ann && notificationDedupKey(event('post.failed'), ann)).toBe('7:user_ann:post_failed');
  });

  it('composes plain text and escaped HTML with the reason and the unsubscribe link, never more', () => {
    const message = composeNotification('post_failed', event('post.failed', { reason: 'Refused <video>' }), {
      caption: 'Launch day!\nSecond line',
      link: 'https://svc.example/app/posts/post_1',
      unsubscribeUrl: 'https://svc.example/unsubscribe?token=t',
    });
    expect(message.subject).toBe('A post failed to publish');
    expect(message.text).toContain('Your post "Launch day!" could not be published.');
    expect(message.text).toContain('Reason: Refused <video>');
    expect(message.text).toContain('https://svc.example/unsubscribe?token=t');
    expect(message.html).toContain('Refused &#60;video&#62;');
    expect(message.html).not.toContain('<video>');
  });

  it('reads back only the unsubscribe tokens it sealed, for their person and kind', () => {
    const box = createAesGcmSecretBox('a-master-secret-of-at-least-32-characters!');
    const token = unsubscribeToken(box, { userId: 'user_ann', kind: 'review_decided' });
    expect(readUnsubscribeToken(box, token)).toEqual({ userId: 'user_ann', kind: 'review_decided' });
    expect(readUnsubscribeToken(box, `${token.slice(0, -2)}xx`)).toBeNull();
    expect(readUnsubscribeToken(box, box.seal('{"u":"user_ann","k":"post_failed"}'))).toBeNull();
    const other = createAesGcmSecretBox('another-master-secret-of-32-characters!!');
    expect(readUnsubscribeToken(other, token)).toBeNull();
  });
});
