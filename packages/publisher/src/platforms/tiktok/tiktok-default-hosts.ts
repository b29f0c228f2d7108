/**
 * The real TikTok hosts: the consent page on www.tiktok.com and the API on open.tiktokapis.com.
 * The sandbox and tests pass their own, which may carry a path, so paths are joined as strings.
 * Upload URLs come from `video/init` answers and are used as given.
 */
export const TIKTOK_DEFAULT_HOSTS = {
  www: 'https://www.tiktok.com',
  api: 'https://open.tiktokapis.com',
} as const;
