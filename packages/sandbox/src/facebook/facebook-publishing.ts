import { flag, graphTime, selectFields } from '../meta/graph-fields.js';
import { imageFormatOf } from '../shared/download-media.js';
import { injectedFailure } from '../shared/failure-injection.js';
import { graphError, invalidParameter } from '../shared/graph-error.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';
import { type FacebookPhoto, newNumericId, type PublishedPost } from '../shared/sandbox-state.js';
import { authorizePage, publishFacebookPost } from './facebook-pages.js';

// The Page publishing endpoints (platforms.md 5.2): feed posts and photos. Reels have their own
// file (facebook-reels.ts); reads and listings stay in facebook-routes.ts.

/** A Page post as Graph presents it (reads, listings and the answer to a feed post). */
export function postObject(post: PublishedPost): Record<string, unknown> {
  const { record } = post;
  return {
    id: post.postId,
    message: record.caption === '' ? undefined : record.caption,
    created_time: graphTime(record.at.getTime()),
    permalink_url: record.permalink,
    from: { id: record.accountId, name: post.handle },
    is_published: true,
    status_type:
      record.kind === 'photo'
        ? 'added_photos'
        : record.kind === 'reel'
          ? 'added_video'
          : record.link === undefined
            ? 'mobile_status_update'
            : 'shared_story',
  };
}

/** The photos of `attached_media` (a JSON list, or `attached_media[i]` fields), which must be this Page's unpublished photos. */
function attachedPhotos(ctx: SandboxContext, r: SandboxRequest, pageId: string): FacebookPhoto[] {
  const entries: unknown[] = [];
  const readJson = (text: string): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      throw invalidParameter('attached_media must be JSON');
    }
  };
  for (const [name, value] of r.input) {
    if (name === 'attached_media') {
      const parsed = readJson(value);
      entries.push(...(Array.isArray(parsed) ? parsed : [parsed]));
    } else if (/^attached_media\[\d+\]$/.test(name)) entries.push(readJson(value));
  }
  return entries.map((entry) => {
    const id =
      typeof entry === 'object' && entry !== null
        ? String((entry as { media_fbid?: unknown }).media_fbid)
        : '';
    const photo = ctx.state.photos.get(id);
    if (photo === undefined || photo.pageId !== pageId || photo.postId !== null) {
      throw invalidParameter(`attached_media: ${id} is not an unpublished photo of this Page`);
    }
    return photo;
  });
}

/**
 * The feed's `link` parameter as given, once it names a web address. Graph takes it with or
 * without a scheme (its own example sends `www.projecteuler.net`) and refuses what is no address.
 */
function linkOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `http://${value}`;
  try {
    const url = new URL(candidate);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')) return value;
  } catch {
    // Refused below.
  }
  throw invalidParameter('link must be a valid URL');
}

/** `POST /{page-id}/feed`: a text or link post, or one with `attached_media` photos uploaded unpublished. */
export function publishFeedPost(ctx: SandboxContext, r: SandboxRequest): Reply {
  const { token, pageId } = authorizePage(ctx, r, r.params.id ?? '', 'write');
  const message = r.input.get('message') ?? '';
  const photos = attachedPhotos(ctx, r, pageId);
  const link = linkOf(r.input.get('link'));
  if (message.trim() === '' && link === undefined && photos.length === 0) {
    throw invalidParameter('Missing message or attachment');
  }
  const injected = injectedFailure(ctx.state, 'facebook', pageId, message);
  if (injected !== null) throw injected;
  const post = publishFacebookPost(ctx, {
    pageId,
    handle: token.h,
    kind: 'feed',
    caption: message,
    mediaUrls: photos.map((p) => p.url),
    children: photos.length,
    ...(link === undefined ? {} : { link }),
  });
  for (const photo of photos) photo.postId = post.postId;
  return jsonReply(200, selectFields(postObject(post), r.input.get('fields')));
}

/** `POST /{page-id}/photos` `url=…`: uploads a photo, published as a post unless `published=false`. */
export async function uploadPhoto(ctx: SandboxContext, r: SandboxRequest): Promise<Reply> {
  const { token, pageId } = authorizePage(ctx, r, r.params.id ?? '', 'write');
  const url = r.input.get('url')?.trim();
  if (url === undefined || url === '')
    throw graphError(400, { code: 324, message: '(#324) Requires upload file' });
  const caption = r.input.get('caption') ?? r.input.get('message') ?? '';
  const published = flag(r, 'published', true);
  if (ctx.download !== null) {
    const download = await ctx.download(url);
    if (!download.ok) {
      throw graphError(400, {
        code: 324,
        message: `(#324) Missing or invalid image file: ${download.reason}`,
      });
    }
    // Pages take JPEG, BMP, PNG, GIF and TIFF photos; WebP and anything else is refused.
    const format = imageFormatOf(download.bytes);
    if (format === null || format === 'webp') {
      throw graphError(400, { code: 324, message: '(#324) Missing or invalid image file' });
    }
  }
  if (published) {
    const injected = injectedFailure(ctx.state, 'facebook', pageId, caption);
    if (injected !== null) throw injected;
  }
  const photo: FacebookPhoto = {
    id: newNumericId(ctx.state, '1', 15),
    pageId,
    url,
    caption,
    createdAt: nowOf(ctx),
    postId: null,
  };
  ctx.state.photos.set(photo.id, photo);
  if (!published) return jsonReply(200, { id: photo.id });
  const post = publishFacebookPost(ctx, {
    pageId,
    handle: token.h,
    kind: 'photo',
    caption,
    mediaUrls: [url],
    children: 0,
    objectId: photo.id,
  });
  photo.postId = post.postId;
  return jsonReply(200, { id: photo.id, post_id: post.postId });
}
