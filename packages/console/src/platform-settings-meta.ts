import { type InstagramFormFields, instagramMetaOf } from './instagram-form-meta.js';
import { type YouTubeFormFields, youtubeMetaOf } from './youtube-form-meta.js';

type Meta = Record<string, Record<string, unknown>>;

/**
 * `platformMeta` of Compose: `base` (TikTok's privacy, the first comments) with the YouTube and
 * Instagram settings merged into their platforms' entries; null when nothing is set. The server's
 * form handling and the browser's live checks both build it here, so both judge the same post.
 */
export function withPlatformSettings(
  base: Readonly<Meta> | null,
  youtube: YouTubeFormFields,
  instagram: InstagramFormFields,
): Meta | null {
  const meta: Meta = { ...base };
  const settings = { youtube: youtubeMetaOf(youtube), instagram: instagramMetaOf(instagram) };
  for (const [platform, entry] of Object.entries(settings)) {
    if (entry !== null) meta[platform] = { ...meta[platform], ...entry };
  }
  return Object.keys(meta).length === 0 ? null : meta;
}
