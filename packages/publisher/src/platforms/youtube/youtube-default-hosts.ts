/** Google's production hosts: the consent page, the token endpoint and the Data API (with its `/upload` paths). */
export const YOUTUBE_DEFAULT_HOSTS = {
  accounts: 'https://accounts.google.com',
  oauth2: 'https://oauth2.googleapis.com',
  api: 'https://www.googleapis.com',
} as const;
