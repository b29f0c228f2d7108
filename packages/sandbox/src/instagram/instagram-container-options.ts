import { graphError, invalidParameter } from '../shared/graph-error.js';
import type { InstagramContainerOptions, InstagramUserTagSent } from '../shared/sandbox-publication.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';

// What `POST /{ig-user-id}/media` documents besides the media (platforms.md §1.2): collaborators
// (at most 3 usernames, on the published container only), user_tags (a JSON list of
// {username, x, y}, x and y within 0..1; 20 at most), location_id (a Page id), and on reels
// cover_url, thumb_offset and share_to_feed. Refused the way Graph refuses them, kept to be read back.

const COLLABORATORS_MAX = 3;
const TAGS_MAX = 20;
const USERNAME = /^[A-Za-z0-9._]{1,30}$/;

/** Where a container sits: which parameters it may carry depends on it. */
export type ContainerShape = 'image' | 'reel' | 'carousel' | 'image-item' | 'video-item';

/** Reads and checks the options of a create call; absent options stay absent. */
export function readInstagramOptions(r: SandboxRequest, shape: ContainerShape): InstagramContainerOptions {
  const collaborators = r.input.get('collaborators');
  const userTags = r.input.get('user_tags');
  const locationId = r.input.get('location_id');
  const coverUrl = r.input.get('cover_url');
  const thumbOffset = r.input.get('thumb_offset');
  const shareToFeed = r.input.get('share_to_feed');
  const reelOnly = (name: string) => {
    if (shape !== 'reel') throw invalidParameter(`Param ${name} is only supported for media_type=REELS`);
  };
  if (coverUrl !== undefined) reelOnly('cover_url');
  if (thumbOffset !== undefined) reelOnly('thumb_offset');
  if (shareToFeed !== undefined) reelOnly('share_to_feed');
  return {
    ...(collaborators === undefined ? {} : { collaborators: readCollaborators(collaborators, shape) }),
    ...(userTags === undefined ? {} : { userTags: readUserTags(userTags, shape) }),
    ...(locationId === undefined ? {} : { locationId: readLocation(locationId) }),
    ...(coverUrl === undefined ? {} : { coverUrl }),
    ...(thumbOffset === undefined ? {} : { thumbOffset: readThumbOffset(thumbOffset) }),
    ...(shareToFeed === undefined ? {} : { shareToFeed: readBoolean('share_to_feed', shareToFeed) }),
  };
}

function jsonArray(name: string, text: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) return parsed;
  } catch {
    // Answered below, as Graph answers any value that is not a list.
  }
  throw invalidParameter(`Param ${name} must be an array`);
}

function readCollaborators(text: string, shape: ContainerShape): string[] {
  if (shape === 'image-item' || shape === 'video-item') {
    throw invalidParameter(
      'Param collaborators is not allowed for carousel items: set it on the CAROUSEL container',
    );
  }
  const names = jsonArray('collaborators', text);
  if (names.length > COLLABORATORS_MAX) {
    throw invalidParameter(`Param collaborators must have at most ${COLLABORATORS_MAX} elements`);
  }
  return names.map((name, index) => {
    if (typeof name !== 'string' || !USERNAME.test(name)) {
      throw invalidParameter(`Param collaborators[${index}] must be a valid Instagram username`);
    }
    return name;
  });
}

function readUserTags(text: string, shape: ContainerShape): InstagramUserTagSent[] {
  if (shape === 'carousel' || shape === 'video-item') {
    throw invalidParameter('Param user_tags is only supported for images and reels: tag each image item');
  }
  const tags = jsonArray('user_tags', text);
  if (tags.length > TAGS_MAX) {
    throw invalidParameter(`Cannot use more than ${TAGS_MAX} tags per created media.`, 2207040);
  }
  return tags.map((tag, index) => {
    const at = `user_tags[${index}]`;
    const { username, x, y } = (tag ?? {}) as Record<string, unknown>;
    if (typeof username !== 'string' || !USERNAME.test(username)) {
      throw invalidParameter(`Param ${at}['username'] must be a valid Instagram username`);
    }
    // A reel tags a person without a place on it; an image needs both coordinates.
    if (shape === 'reel' && x === undefined && y === undefined) return { username };
    return { username, x: coordinate(at, 'x', x), y: coordinate(at, 'y', y) };
  });
}

function coordinate(at: string, axis: 'x' | 'y', value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw invalidParameter(`Param ${at}['${axis}'] must be a number`);
  }
  if (value > 1) throw invalidParameter(`Param ${at}['${axis}'] must be a number less than or equal to 1`);
  if (value < 0) throw invalidParameter(`Param ${at}['${axis}'] must be a number greater than or equal to 0`);
  return value;
}

function readLocation(text: string): string {
  if (!/^\d{1,20}$/.test(text)) throw invalidParameter('Param location_id must be a valid location page id');
  return text;
}

function readThumbOffset(text: string): number {
  const offset = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(offset)) {
    throw graphError(400, {
      code: 100,
      subcode: 2207057,
      message: '(#100) The thumbnail offset must be a whole number of milliseconds within the video',
    });
  }
  return offset;
}

function readBoolean(name: string, text: string): boolean {
  const value = text.toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw invalidParameter(`Param ${name} must be a boolean`);
}
