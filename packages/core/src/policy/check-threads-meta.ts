import { policyError } from './policy-issue.js';
import type { PolicyIssue } from './policy-types.js';
import { countThreadsCharacters, extractLinks } from './text-metrics.js';
import { THREADS_REPLY_CONTROLS } from './threads-reply-controls.js';

const META = 'platformMeta.threads';
/**
 * Parts of a reply chain after the post. Threads documents no limit on a chain, only 1,000
 * API-published replies a day; 20 keeps one post's chain well inside that and a publish short.
 */
export const THREAD_PARTS_MAX = 20;
/** A part is a Threads post: 500 characters (emoji by UTF-8 bytes) and 5 links (platforms.md 4.3). */
const PART_CHARS_MAX = 500;
const PART_LINKS_MAX = 5;
/** A part's media: none, one photo or video, or a carousel of 2–20 (platforms.md 4.2). */
const PART_SLIDES_MAX = 20;

type Loose = Readonly<Record<string, unknown>>;

/**
 * `platformMeta.threads.thread` and `replyControl` (contract.md, issue 37). Each part is checked as
 * a Threads post of its own; every refusal names the part (`platformMeta.threads.thread[1].caption`).
 * Whether a part's media are the caller's is checked with the post's own (`resolveMedia`).
 */
export function checkThreadsMeta(meta: Loose | null): PolicyIssue[] {
  const issues: PolicyIssue[] = [];
  const control = meta?.replyControl;
  if (
    control !== undefined &&
    control !== null &&
    !(THREADS_REPLY_CONTROLS as readonly unknown[]).includes(control)
  ) {
    issues.push(
      policyError(
        'invalid_threads_option',
        'threads',
        `${META}.replyControl`,
        `${JSON.stringify(control)} is not a Threads reply control. Use ${THREADS_REPLY_CONTROLS.join(', ')}.`,
      ),
    );
  }
  const thread = meta?.thread;
  if (thread === undefined || thread === null) return issues;
  if (!Array.isArray(thread)) {
    return [
      ...issues,
      policyError(
        'invalid_threads_option',
        'threads',
        `${META}.thread`,
        `${META}.thread must be a list of parts, each { "caption", "mediaIds"? }.`,
      ),
    ];
  }
  if (thread.length > THREAD_PARTS_MAX) {
    issues.push(
      policyError(
        'invalid_threads_option',
        'threads',
        `${META}.thread`,
        `The chain has ${thread.length} parts; at most ${THREAD_PARTS_MAX} are published under a post. Remove ${thread.length - THREAD_PARTS_MAX}.`,
      ),
    );
  }
  thread.forEach((part: unknown, index) => {
    issues.push(...checkPart(part, `${META}.thread[${index}]`, index + 1));
  });
  return issues;
}

function checkPart(part: unknown, field: string, number: number): PolicyIssue[] {
  const refuse = (code: Parameters<typeof policyError>[0], at: string, message: string) =>
    policyError(code, 'threads', at, message);
  if (part === null || typeof part !== 'object' || Array.isArray(part)) {
    return [refuse('invalid_threads_option', field, `Part ${number} must be { "caption", "mediaIds"? }.`)];
  }
  const { caption, mediaIds } = part as Loose;
  const slides = Array.isArray(mediaIds) ? mediaIds.length : 0;
  const issues: PolicyIssue[] = [];
  if (mediaIds !== undefined && (!Array.isArray(mediaIds) || mediaIds.some((id) => typeof id !== 'string'))) {
    issues.push(
      refuse(
        'invalid_threads_option',
        `${field}.mediaIds`,
        `Part ${number}: mediaIds must be a list of media ids.`,
      ),
    );
  }
  if (typeof caption !== 'string' || (caption.trim() === '' && slides === 0)) {
    issues.push(
      refuse(
        'invalid_caption',
        `${field}.caption`,
        `Part ${number} is empty: write its text, add media, or remove the part.`,
      ),
    );
    return issues;
  }
  const chars = countThreadsCharacters(caption);
  if (chars > PART_CHARS_MAX) {
    issues.push(
      refuse(
        'caption_too_long',
        `${field}.caption`,
        `Part ${number} is ${chars} characters as Threads counts them; Threads takes at most ${PART_CHARS_MAX}. Shorten it by ${chars - PART_CHARS_MAX}.`,
      ),
    );
  }
  const links = new Set(extractLinks(caption).map((link) => link.toLowerCase())).size;
  if (links > PART_LINKS_MAX) {
    issues.push(
      refuse(
        'too_many_links',
        `${field}.caption`,
        `Part ${number} has ${links} links; Threads takes at most ${PART_LINKS_MAX} in a post. Remove ${links - PART_LINKS_MAX}.`,
      ),
    );
  }
  if (slides > PART_SLIDES_MAX) {
    issues.push(
      refuse(
        'too_many_slides',
        `${field}.mediaIds`,
        `Part ${number} has ${slides} photos or videos; a Threads carousel takes at most ${PART_SLIDES_MAX}.`,
      ),
    );
  }
  return issues;
}
