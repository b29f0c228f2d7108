import { type ActivityEntry, type EventData, isPlatform, PLATFORM_NAMES } from '@svc/core';
import type { TimeFormat } from '../time-format.js';

/** One line of the overview's recent activity: what happened, and where to look at it. */
export type ActivitySentence = {
  /** A plain sentence: `Post “Hello…” was published on Threads`. */
  readonly text: string;
  /** The console page of the post, account, file or automation. */
  readonly href: string;
  /** Where a published post can be seen on its platform, with the platform's name. */
  readonly permalink: { readonly href: string; readonly platform: string } | null;
};

/** How much of a caption a sentence quotes, in characters (code points), ellipsis included. */
export const SENTENCE_CAPTION_LENGTH = 50;

/**
 * The sentence of an activity entry, from the event's type and data (platform, handle, reason,
 * times, permalink) and the post's caption. Times read in the person's zone. Wording only: what
 * happened is the journal's.
 */
export function activitySentence(entry: ActivityEntry, time: TimeFormat): ActivitySentence {
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
  const file = fileOf(data);
  const aboutFile = (text: string) => ({ text, href: '/app/media', permalink: null });
  const automation = `An ${on ?? 'Instagram'} automation`;
  const aboutAutomation = (text: string) => ({ text, href: '/app/automations', permalink: null });
  switch (event.type) {
    case 'post.scheduled':
      return aboutPost(`${post} was scheduled${onPlatform}${when('scheduledTime')}`);
    case 'post.approval_requested':
      return aboutPost(`${post} was sent for review`);
    case 'post.approved':
      return aboutPost(`${post} was approved`);
    case 'post.rejected':
      return aboutPost(`${post} was rejected and is a draft again`);
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
    case 'post.failed':
      return aboutPost(`${post} failed${onPlatform}${because('reason')}`);
    case 'post.retrying':
      return aboutPost(`${post} will be tried again${onPlatform}${when('retryAt')}${because('reason')}`);
    case 'post.retry_requested':
      return aboutPost(`${post} was sent to publish again${onPlatform}${when('scheduledTime')}`);
    case 'post.deleted':
      return aboutPost(`${post} was deleted`);
    case 'post.restored':
      return aboutPost(`${post} was restored`);
    case 'account.connected':
      return aboutAccount(`${account} was connected`);
    case 'account.reconnected':
      return aboutAccount(`${account} was reconnected`);
    case 'account.needs_reconnect':
      return aboutAccount(`${account} needs reconnecting`);
    case 'account.disconnected':
      return aboutAccount(`${account} was disconnected`);
    case 'account.token_expiring': {
      const lapses = dateOf(data.expiresAt);
      return aboutAccount(
        `The access to ${account} lapses${lapses === null ? ' soon' : ` at ${time.text(lapses)}`}: reconnect it before then`,
      );
    }
    case 'media.ready':
      return aboutFile(`${file} was added to the library`);
    case 'media.deleted':
      return aboutFile(`${file} was deleted from the library`);
    case 'automation.created':
      return aboutAutomation(`${automation} was created`);
    case 'automation.paused':
      return aboutAutomation(`${automation} was paused`);
    case 'automation.resumed':
      return aboutAutomation(`${automation} was resumed`);
    case 'automation.deleted':
      return aboutAutomation(`${automation} was deleted`);
    default:
      // An event type this console does not know yet (a newer server wrote it): say what it is.
      return { text: String(event.type), href: '/app', permalink: null };
  }
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
