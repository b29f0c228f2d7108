import { describeValue as describe } from './describe-value.js';
import type { PolicySlide } from './normalize-policy-input.js';
import { policyError } from './policy-issue.js';
import type { PolicyIssue } from './policy-types.js';

const META = 'platformMeta.instagram';
/** `collaborators` on `POST /{ig-user-id}/media` takes up to 3 usernames (the read side shows up to 5). */
export const INSTAGRAM_COLLABORATORS_MAX = 3;
/** Instagram's limit of people tagged per media (Graph's 2207040 "more than 20 tags"). */
export const INSTAGRAM_USER_TAGS_MAX = 20;
// An Instagram username: 1–30 letters, digits, periods and underscores, not starting or ending
// with a period nor holding two in a row (what the app lets a person choose).
const USERNAME = /^(?!\.)(?!.*\.\.)[A-Za-z0-9._]{1,30}(?<!\.)$/;
// `location_id` is a Facebook Page id: digits only.
const PAGE_ID = /^\d{1,20}$/;

type Loose = Readonly<Record<string, unknown>>;
type Refuse = (field: string, message: string) => void;

/**
 * Instagram settings of a post (issue 37), as Meta's container parameters take them: up to 3
 * collaborator usernames, people tagged on images at x/y within 0..1, a location Page id, and the
 * reel-only cover frame and feed sharing. Every problem is an `invalid_instagram_option` naming
 * its field, so nothing Graph would refuse (or silently ignore) reaches a container.
 */
export function checkInstagramMeta(meta: Loose | null, media: readonly PolicySlide[]): PolicyIssue[] {
  const issues: PolicyIssue[] = [];
  const refuse: Refuse = (field, message) =>
    issues.push(policyError('invalid_instagram_option', 'instagram', `${META}.${field}`, message));
  const given = (field: string) => meta?.[field] !== undefined && meta?.[field] !== null;

  if (given('collaborators')) checkCollaborators(meta?.collaborators, refuse);
  if (given('userTags')) checkUserTags(meta?.userTags, media, refuse);
  if (given('locationId') && !(typeof meta?.locationId === 'string' && PAGE_ID.test(meta.locationId))) {
    refuse(
      'locationId',
      `${describe(meta?.locationId)} is not a location id: give the id of a Facebook Page that has a location, as a string of digits.`,
    );
  }
  const reel = isReel(media);
  if (given('shareToFeed')) {
    if (typeof meta?.shareToFeed !== 'boolean') {
      refuse('shareToFeed', `shareToFeed is true or false, not ${describe(meta?.shareToFeed)}.`);
    } else if (!reel) {
      refuse('shareToFeed', 'shareToFeed applies to reels only: a post of one video.');
    }
  }
  if (given('thumbOffset')) checkThumbOffset(meta, media, reel, refuse);
  return issues;
}

// A single video is published as a reel; a slide of unknown type may be one, so it is not refused.
function isReel(media: readonly PolicySlide[]): boolean {
  return media.length === 1 && media[0]?.kind !== 'image';
}

function checkCollaborators(value: unknown, refuse: Refuse): void {
  if (!Array.isArray(value)) {
    refuse('collaborators', `collaborators is a list of Instagram usernames, not ${describe(value)}.`);
    return;
  }
  if (value.length > INSTAGRAM_COLLABORATORS_MAX) {
    refuse(
      'collaborators',
      `Instagram takes at most ${INSTAGRAM_COLLABORATORS_MAX} collaborators on a post; ${value.length} are given. Remove some.`,
    );
  }
  const seen = new Set<string>();
  value.forEach((name, index) => {
    const problem = usernameProblem(name);
    if (problem !== null) {
      refuse(`collaborators[${index}]`, `Collaborator ${index + 1}: ${problem}`);
      return;
    }
    const key = String(name).toLowerCase();
    if (seen.has(key))
      refuse(`collaborators[${index}]`, `@${name} is invited twice: list each collaborator once.`);
    seen.add(key);
  });
}

function checkUserTags(value: unknown, media: readonly PolicySlide[], refuse: Refuse): void {
  if (!Array.isArray(value)) {
    refuse('userTags', `userTags is a list of {username, x, y}, not ${describe(value)}.`);
    return;
  }
  const perSlide = new Map<number, Set<string>>();
  value.forEach((tag: unknown, index) => {
    const field = `userTags[${index}]`;
    if (tag === null || typeof tag !== 'object' || Array.isArray(tag)) {
      refuse(field, `Tag ${index + 1} is an object {username, x, y}, not ${describe(tag)}.`);
      return;
    }
    const { username, x, y, mediaIndex = 0 } = tag as Loose;
    const problem = usernameProblem(username);
    if (problem !== null) refuse(`${field}.username`, `Tag ${index + 1}: ${problem}`);
    for (const [axis, at] of [
      ['x', x],
      ['y', y],
    ] as const) {
      if (typeof at !== 'number' || !Number.isFinite(at) || at < 0 || at > 1) {
        refuse(
          `${field}.${axis}`,
          `Tag ${index + 1}: ${axis} is a number from 0 to 1 (a share of the image's ${axis === 'x' ? 'width from its left' : 'height from its top'} edge), not ${typeof at === 'number' ? at : describe(at)}.`,
        );
      }
    }
    const slide = slideProblem(mediaIndex, media);
    if (slide !== null) {
      refuse(`${field}.mediaIndex`, `Tag ${index + 1}: ${slide}`);
      return;
    }
    const names = perSlide.get(mediaIndex as number) ?? new Set<string>();
    perSlide.set(mediaIndex as number, names);
    if (problem === null) {
      const key = String(username).toLowerCase();
      if (names.has(key)) refuse(`${field}.username`, `@${username} is tagged twice on the same image.`);
      names.add(key);
    }
  });
  for (const [slide, names] of perSlide) {
    if (names.size > INSTAGRAM_USER_TAGS_MAX) {
      refuse(
        'userTags',
        `Instagram tags at most ${INSTAGRAM_USER_TAGS_MAX} people on an image; slide ${slide + 1} has ${names.size}.`,
      );
    }
  }
}

// Why a tag cannot go on slide `mediaIndex`, or null: Graph takes `user_tags` on images only.
function slideProblem(mediaIndex: unknown, media: readonly PolicySlide[]): string | null {
  if (typeof mediaIndex !== 'number' || !Number.isInteger(mediaIndex) || mediaIndex < 0) {
    return `mediaIndex is a slide's position counted from 0, not ${typeof mediaIndex === 'number' ? mediaIndex : describe(mediaIndex)}.`;
  }
  // A caller that knows no media yet (a draft's check) is told when the post has its slides.
  if (media.length === 0) return null;
  const slide = media[mediaIndex];
  if (slide === undefined) {
    return `mediaIndex ${mediaIndex} is past the post's ${media.length} slide${media.length === 1 ? '' : 's'} (counted from 0).`;
  }
  if (slide.kind === 'video') {
    return `slide ${mediaIndex + 1} is a video; Instagram tags people on images only.`;
  }
  return null;
}

function checkThumbOffset(
  meta: Loose | null,
  media: readonly PolicySlide[],
  reel: boolean,
  refuse: Refuse,
): void {
  const offset = meta?.thumbOffset;
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) {
    refuse(
      'thumbOffset',
      `thumbOffset is a whole number of milliseconds from 0, not ${typeof offset === 'number' ? offset : describe(offset)}.`,
    );
    return;
  }
  if (!reel) {
    refuse('thumbOffset', 'thumbOffset applies to reels only: a post of one video.');
    return;
  }
  if (meta?.coverUrl !== undefined && meta?.coverUrl !== null) {
    refuse(
      'thumbOffset',
      'Give a cover image (coverUrl) or a frame (thumbOffset), not both: Instagram would use the image.',
    );
    return;
  }
  const duration = media[0]?.durationMs ?? null;
  if (duration !== null && offset >= duration) {
    refuse(
      'thumbOffset',
      `thumbOffset ${offset} ms is past the end of the ${duration} ms video: pick a frame within it.`,
    );
  }
}

// Why a value is not an Instagram username, or null.
function usernameProblem(value: unknown): string | null {
  if (typeof value !== 'string') return `a username is text, not ${describe(value)}.`;
  if (value.startsWith('@') && USERNAME.test(value.slice(1))) {
    return `write the username without the @: "${value.slice(1)}".`;
  }
  if (!USERNAME.test(value)) {
    return `${describe(value)} is not an Instagram username (1–30 letters, digits, periods and underscores).`;
  }
  return null;
}
