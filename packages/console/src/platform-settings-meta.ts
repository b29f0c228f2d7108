type Meta = Record<string, Record<string, unknown>>;

/**
 * `platformMeta` of Compose: `base` (TikTok's privacy, the first comments) with each platform's
 * own settings (YouTube's, Instagram's, Threads'; null when none is set) merged into its entry;
 * null when nothing is set. The server's form handling and the browser's live checks both build
 * it here, so both judge the same post.
 */
export function withPlatformSettings(
  base: Readonly<Meta> | null,
  settings: Readonly<Record<string, Readonly<Record<string, unknown>> | null>>,
): Meta | null {
  const meta: Meta = { ...base };
  for (const [platform, entry] of Object.entries(settings)) {
    if (entry !== null) meta[platform] = { ...meta[platform], ...entry };
  }
  return Object.keys(meta).length === 0 ? null : meta;
}
