import { imageFormatOf } from '../shared/download-media.js';
import type { Reply } from '../shared/http-io.js';
import type { JsonObject } from '../shared/json-object.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';
import { authenticateTikTok } from './tiktok-auth.js';
import { postingCreator } from './tiktok-creators.js';
import { tiktokError, tiktokOk } from './tiktok-error.js';
import {
  admitPublish,
  countProp,
  linkValue,
  objectField,
  postLabelsOf,
  postPrivacyOf,
  textProp,
} from './tiktok-post-fields.js';
import { newTikTokPublish } from './tiktok-publishes.js';
import type { TikTokPublish } from './tiktok-state.js';

const TITLE_MAX = 90;
const DESCRIPTION_MAX = 4000;
const MAX_PHOTOS = 35;

const invalid = (message: string) => tiktokError(400, 'invalid_params', message);

/**
 * `POST /v2/post/publish/content/init/` with `media_type: PHOTO` (platforms.md 2.2 step 4):
 * photos only come by `PULL_FROM_URL`, 1 to 35 of them, from a verified domain or URL prefix
 * (`url_ownership_unverified` otherwise). The sandbox downloads them at once (when
 * it fetches media); an unreachable link ends the publish with `photo_pull_failed`, an image that
 * is neither JPEG nor WebP with `file_format_check_failed`.
 */
export async function contentInit(ctx: SandboxContext, r: SandboxRequest): Promise<Reply> {
  const token = authenticateTikTok(ctx, r);
  const mode = r.input.get('post_mode');
  if (mode !== 'DIRECT_POST' && mode !== 'MEDIA_UPLOAD') {
    throw invalid('post_mode must be DIRECT_POST or MEDIA_UPLOAD.');
  }
  const inbox = mode === 'MEDIA_UPLOAD';
  const creator = postingCreator(ctx, r, token, inbox ? 'video.upload' : 'video.publish', 'init');
  if (r.input.get('media_type') !== 'PHOTO') throw invalid('media_type must be PHOTO.');
  const postInfo = objectField(r, 'post_info', !inbox);
  const sourceInfo = objectField(r, 'source_info', true);
  const title = textProp(postInfo, 'title', TITLE_MAX);
  const description = textProp(postInfo, 'description', DESCRIPTION_MAX);
  const privacyLevel = postPrivacyOf(creator, postInfo, {
    inbox,
    interactions: ['comment'],
    flags: ['auto_add_music', 'brand_organic_toggle'],
    counts: [],
  });
  const images = photoImagesOf(sourceInfo);
  const failReason = admitPublish(ctx, token.uid, {
    caption: `${title}\n${description}`,
    links: images,
    inbox,
  });

  const publish = newTikTokPublish(ctx, token, 'p_pub_url', {
    kind: 'PHOTO',
    source: 'PULL_FROM_URL',
    inbox,
    title,
    description,
    privacyLevel,
    labels: postLabelsOf(postInfo, false),
    mediaUrls: images,
    upload: null,
    mediaReadyAt: nowOf(ctx),
    failReason,
  });
  await pullPhotos(ctx, publish);
  ctx.state.tiktok.publishes.set(publish.id, publish);
  return tiktokOk({ publish_id: publish.id });
}

function photoImagesOf(sourceInfo: JsonObject | undefined): string[] {
  if (sourceInfo?.source !== 'PULL_FROM_URL') {
    throw invalid('Photo posts take source PULL_FROM_URL only.');
  }
  const images = sourceInfo.photo_images;
  if (!Array.isArray(images) || images.length < 1 || images.length > MAX_PHOTOS) {
    const count = Array.isArray(images) ? images.length : 0;
    throw invalid(`photo_images must hold 1 to ${MAX_PHOTOS} image URLs (got ${count}).`);
  }
  const links = images.map((url, i) => linkValue(url, `photo_images[${i}]`));
  const cover = countProp(sourceInfo, 'photo_cover_index', 0);
  if (cover >= links.length) {
    throw invalid(`photo_cover_index must be between 0 and ${links.length - 1} (got ${cover}).`);
  }
  return links;
}

async function pullPhotos(ctx: SandboxContext, publish: TikTokPublish): Promise<void> {
  const { download } = ctx;
  if (download === null) return;
  const downloads = await Promise.all(publish.mediaUrls.map((url) => download(url)));
  for (const download of downloads) {
    if (!download.ok) {
      publish.failReason = 'photo_pull_failed';
      return;
    }
    publish.downloadedBytes += download.bytes.length;
    const format = imageFormatOf(download.bytes);
    if (format !== 'jpeg' && format !== 'webp') {
      publish.failReason = 'file_format_check_failed';
      return;
    }
  }
}
