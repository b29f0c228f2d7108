import { type ActivityEntry, type EventActor, type EventData, isPlatform, PLATFORM_NAMES } from '@svc/core';
import type { TimeFormat } from '../time-format.js';

/** One line of the overview's recent activity: what happened, and where to look at it. */
export type ActivitySentence = {
  /** A plain sentence: `Post “Hello…” was published on Threads`. */
  readonly text: string;
  /** The console page of the post, account, file or automation. */
  readonly href: string;
  /** Where a published post can be seen on its platform, with the platform's name. */
  readonly permalink: { readonly href: string; readonly platform: string } | null;
  /** Who did it, as the journal names them; null for an event recorded before it kept actors. */
  readonly by: string | null;
};

/** How much of a caption a sentence quotes, in characters (code points), ellipsis included. */
export const SENTENCE_CAPTION_LENGTH = 50;

// Events told by their subject and a fixed phrase: `Post “Hello…” was approved`.
const PLAIN_SENTENCES: ReadonlyMap<string, string> = new Map([
  ['post.approval_requested', 'was sent for review'],
  ['post.approved', 'was approved'],
  ['post.rejected', 'was rejected and is a draft again'],
  ['post.deleted', 'was deleted'],
  ['post.restored', 'was restored'],
  ['post.recycled', 'was queued again as a copy of an evergreen post'],
  ['post.recycle_skipped', 'was not recycled this time'],
  ['account.connected', 'was connected'],
  ['account.reconnected', 'was reconnected'],
  ['account.needs_reconnect', 'needs reconnecting'],
  ['account.disconnected', 'was disconnected'],
  ['media.ready', 'was added to the library'],
  ['media.deleted', 'was deleted from the library'],
  ['automation.created', 'was created'],
  ['automation.paused', 'was paused'],
  ['automation.resumed', 'was resumed'],
  ['automation.deleted', 'was deleted'],
]);

/**
 * The sentence of an activity entry, from the event's type and data (platform, handle, reason,
 * times, permalink) and the post's caption. Times read in the person's zone. Wording only: what
 * happened is the journal's.
 */
export function activitySentence(entry: ActivityEntry, time: TimeFormat): ActivitySentence {
  return { ...whatHappened(entry, time), by: actorName(entry.event.actor) };
}

/**
 * Who did it, for "… by ann@example.com (key key_…)": the journal's label, which already says
 * which key, agent or review link acted for whom; the operator and the service by their role.
 */
export function actorName(actor: EventActor | null): string | null {
  if (actor === null) return null;
  if (actor.kind === 'system') return 'the service';
  if (actor.kind === 'operator') return 'the operator';
  return actor.label === '' ? actor.id : actor.label;
}

function whatHappened(entry: ActivityEntry, time: TimeFormat): Omit<ActivitySentence, 'by'> {
  const { event } = entry;
  const data = event.data;
  const on = platformOf(data);
  const onPlatform = on === null ? '' : ` on ${on}`;
  const when = (field: string) => {
    const date = dateOf(data[field]);
    return date === null ? '' : ` for ${time.text(date)}`;
  };
  const because = (field: string) => {
    const reason = textOf(data[field]);
    return reason === null ? '' : `: ${reason}`;
  };
  const post = postSubject(entry);
  const postHref =
    entry.post === null
      ? '/app/posts'
      : entry.post.deleted
        ? '/app/deleted'
        : `/app/posts/${encodeURIComponent(event.subjectId)}`;
  const aboutPost = (text: string) => ({ text, href: postHref, permalink: null });
  const account = `${handleOf(data)}${onPlatform}`;
  const aboutAccount = (text: string) => ({ text, href: '/app/connections', permalink: null });
  // Each area's subject, and the page its sentences link to.
  const subjects: Readonly<Record<string, readonly [string, string]>> = {
    post: [post, postHref],
    account: [account, '/app/connections'],
    media: [fileOf(data), '/app/media'],
    automation: [`An ${on ?? 'Instagram'} automation`, '/app/automations'],
  };
  const plain = PLAIN_SENTENCES.get(event.type);
  const subject = subjects[event.type.slice(0, event.type.indexOf('.'))];
  if (plain !== undefined && subject !== undefined) {
    return { text: `${subject[0]} ${plain}`, href: subject[1], permalink: null };
  }
  switch (event.type) {
    case 'post.scheduled':
      return aboutPost(`${post} was scheduled${onPlatform}${when('scheduledTime')}`);
    case 'post.publishing': {
      const attempt =
        typeof data.attempt === 'number' && data.attempt > 1 ? ` (attempt ${data.attempt})` : '';
      return aboutPost(`${post} started publishing${onPlatform}${attempt}`);
    }
    case 'post.posted': {
      const link = textOf(data.permalink);
      return {
        text: `${post} was published${onPlatform}`,
        href: postHref,
        permalink:
          link !== null && /^https?:\/\//i.test(link) ? { href: link, platform: on ?? 'the platform' } : null,
      };
    }
    case 'post.permalink_ready': {
      const link = textOf(data.permalink);
      return {
        text: `${post} got its public link${onPlatform}`,
        href: postHref,
        permalink:
          link !== null && /^https?:\/\//i.test(link) ? { href: link, platform: on ?? 'the platform' } : null,
      };
    }
    case 'post.failed':
      return aboutPost(`${post} failed${onPlatform}${because('reason')}`);
    case 'post.retrying':
      return aboutPost(`${post} will be tried again${onPlatform}${when('retryAt')}${because('reason')}`);
    case 'post.retry_requested':
      return aboutPost(`${post} was sent to publish again${onPlatform}${when('scheduledTime')}`);
    case 'post.edited':
      return aboutPost(`${post} ${editedPhrase(data, time)}`);
    case 'account.token_expiring': {
      const lapses = dateOf(data.expiresAt);
      return aboutAccount(
        `The access to ${account} lapses${lapses === null ? ' soon' : ` at ${time.text(lapses)}`}: reconnect it before then`,
      );
    }
    default:
      // An event type this console does not know yet (a newer server wrote it): say what it is.
      return { text: String(event.type), href: '/app', permalink: null };
  }
}

// How `post.edited` names the parts it lists, in a sentence.
const PART_WORDS: Readonly<Record<string, string>> = {
  caption: 'caption',
  title: 'title',
  media: 'media',
  accounts: 'accounts',
  evergreen: 'evergreen rule',
};

/**
 * What a `post.edited` event says, after its subject: `was moved from 2 May 09:00 UTC to 3 May
 * 14:30 UTC`, `had its caption and title changed`, or both joined. Times in the person's zone.
 */
export function editedPhrase(data: EventData, time: TimeFormat): string {
  const parts = (textOf(data.changed) ?? '').split(',');
  const words = parts.flatMap((p) => (PART_WORDS[p] === undefined ? [] : [PART_WORDS[p]]));
  const from = dateOf(data.scheduledTimeFrom);
  const to = dateOf(data.scheduledTimeTo);
  const moved = !parts.includes('time')
    ? null
    : to === null
      ? 'lost its time'
      : from === null
        ? `was given a time, ${time.text(to)}`
        : `was moved from ${time.text(from)} to ${time.text(to)}`;
  const changed =
    words.length === 0
      ? null
      : `had its ${words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`} changed`;
  if (moved !== null && changed !== null) return `${changed} and ${moved}`;
  return moved ?? changed ?? 'was edited';
}

// `Post “Hello…”`, from the caption preview cut shorter for a sentence.
function postSubject(entry: ActivityEntry): string {
  if (entry.post === null) return 'A post';
  const chars = Array.from(entry.post.captionPreview.replace(/\s+/g, ' ').trim());
  if (chars.length === 0) return 'A post without a caption';
  const quoted =
    chars.length <= SENTENCE_CAPTION_LENGTH
      ? chars.join('')
      : `${chars.slice(0, SENTENCE_CAPTION_LENGTH - 1).join('')}…`;
  return `Post “${quoted}”`;
}

function platformOf(data: EventData): string | null {
  const platform = data.platform;
  return typeof platform === 'string' && isPlatform(platform) ? PLATFORM_NAMES[platform] : null;
}

function handleOf(data: EventData): string {
  const handle = textOf(data.handle);
  return handle === null ? 'An account' : `@${handle}`;
}

function fileOf(data: EventData): string {
  const type = textOf(data.contentType) ?? '';
  if (type.startsWith('image/')) return 'A photo';
  if (type.startsWith('video/')) return 'A video';
  return 'A file';
}

function textOf(value: EventData[string] | undefined): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function dateOf(value: EventData[string] | undefined): Date | null {
  const text = textOf(value);
  if (text === null) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}
