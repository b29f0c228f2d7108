import type { JournalEvent } from '../journal/index.js';
import { captionPreview, escapeHtml } from '../kernel/index.js';
import type { NotificationKind } from './notification-kind.js';

/** What a message says, in plain text and in simple HTML. */
export type ComposedMessage = { readonly subject: string; readonly text: string; readonly html: string };

/** What a message may show about its subject: names and words only, never a token or secret. */
export type NotificationFacts = {
  /** The post's caption (cut to a preview here), when the event is about a post. */
  readonly caption?: string;
  /** The account's platform and handle, when known. */
  readonly platform?: string;
  readonly handle?: string;
  /** Where the person looks at it in the console. */
  readonly link: string;
  /** The one-click unsubscribe link of this kind. */
  readonly unsubscribeUrl: string;
};

/**
 * The e-mail for an event. Only the event's own words (a failure reason, an expiry date), the
 * caption's first line and the account's handle go in: never a token, a key or a secret, which
 * events and facts do not carry.
 */
export function composeNotification(
  kind: NotificationKind,
  event: JournalEvent,
  facts: NotificationFacts,
): ComposedMessage {
  const account =
    facts.handle === undefined ? 'your account' : `${facts.platform ?? ''} account @${facts.handle}`.trim();
  const post =
    facts.caption === undefined ? 'Your post' : `Your post "${captionPreview(oneLine(facts.caption))}"`;
  const lines = linesOf(kind, event, { account, post });
  return messageOf(kind, lines[0] ?? 'Notification', lines.slice(1), facts);
}

/**
 * A message of a kind: its subject, its body's lines, the console link and the kind's footer with
 * the unsubscribe link, in plain text and in HTML with every line escaped.
 */
export function messageOf(
  kind: NotificationKind,
  subject: string,
  body: readonly string[],
  facts: Pick<NotificationFacts, 'link' | 'unsubscribeUrl'>,
): ComposedMessage {
  const footer = `You get these e-mails because "${kindLabel(kind)}" is on in your notification settings.`;
  const text = [...body, '', facts.link, '', '--', footer, `Unsubscribe: ${facts.unsubscribeUrl}`].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    ...body.map((l) => (l === '' ? '' : `<p>${escapeHtml(l)}</p>`)),
    `<p><a href="${escapeHtml(facts.link)}">Open it in the console</a></p>`,
    `<hr><p style="color:#666;font-size:small">${escapeHtml(footer)} <a href="${escapeHtml(facts.unsubscribeUrl)}">Unsubscribe</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** A kind's name as people read it (settings, footers). */
export function kindLabel(kind: NotificationKind): string {
  return {
    post_failed: 'A post failed',
    account_reconnect: 'An account needs reconnecting',
    review_requested: 'A draft awaits review',
    review_decided: 'A review was decided',
    daily_digest: 'A daily digest',
  }[kind];
}

function linesOf(
  kind: NotificationKind,
  event: JournalEvent,
  names: { readonly account: string; readonly post: string },
): string[] {
  const reason = typeof event.data.reason === 'string' ? event.data.reason : null;
  switch (kind) {
    case 'post_failed':
      return [
        'A post failed to publish',
        `${names.post} could not be published.`,
        reason === null ? 'Open it to see why, fix it and retry.' : `Reason: ${reason}`,
      ];
    case 'account_reconnect':
      return event.type === 'account.token_expiring'
        ? [
            'An account needs reconnecting soon',
            `The access to ${names.account} lapses on ${String(event.data.expiresAt ?? 'a date soon')}.`,
            'Reconnect it before then, or its posts will fail.',
          ]
        : [
            'An account needs reconnecting',
            `The platform refused our access to ${names.account}.`,
            'Posts to it fail until you reconnect it.',
          ];
    case 'review_requested':
      return ['A draft awaits your review', `${names.post} was sent for review.`];
    case 'review_decided':
      return event.type === 'post.approved'
        ? ['Your draft was approved', `${names.post} was approved and is scheduled.`]
        : ['Your draft was sent back', `${names.post} was rejected and is a draft again.`];
    case 'daily_digest':
      // Made by the day (composeDailyDigest), never by an event.
      return [];
  }
}

/** A text's first line. */
export function oneLine(text: string): string {
  return text.split('\n')[0] ?? '';
}
