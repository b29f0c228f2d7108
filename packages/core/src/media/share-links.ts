/** A cloud-storage share link: a web page about a file, with the file's direct download link. */
export type ShareLink = {
  readonly service: 'Google Drive' | 'Dropbox';
  /** A link that answers with the file's bytes. */
  readonly directUrl: string;
};

const DRIVE_HOSTS = new Set(['drive.google.com']);
const DROPBOX_HOSTS = new Set(['www.dropbox.com', 'dropbox.com']);
const DRIVE_FILE_PATH = /^\/file\/d\/([\w-]{10,})(?:\/[\w-]*)?$/;
const DRIVE_ID = /^[\w-]{10,}$/;

/**
 * Recognises a Google Drive or Dropbox share link that opens a web page rather than the file,
 * and gives the direct download link for it. Links that are already direct (`uc?export=download`,
 * `dl=1`, `raw=1`), folders and everything else give null.
 */
export function recognizeShareLink(link: string): ShareLink | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  if (DRIVE_HOSTS.has(url.hostname)) return driveLink(url);
  if (DROPBOX_HOSTS.has(url.hostname)) return dropboxLink(url);
  return null;
}

function driveLink(url: URL): ShareLink | null {
  const fromPath = DRIVE_FILE_PATH.exec(url.pathname)?.[1];
  const fromOpen = url.pathname === '/open' ? url.searchParams.get('id') : null;
  const id = fromPath ?? fromOpen;
  if (id === null || id === undefined || !DRIVE_ID.test(id)) return null;
  return { service: 'Google Drive', directUrl: `https://drive.google.com/uc?export=download&id=${id}` };
}

function dropboxLink(url: URL): ShareLink | null {
  // Files are shared under /s/ (older links) and /scl/fi/ (current ones); /sh/ and /scl/fo/ are folders.
  const isFile = url.pathname.startsWith('/s/') || url.pathname.startsWith('/scl/fi/');
  if (!isFile || url.searchParams.get('dl') === '1' || url.searchParams.get('raw') === '1') return null;
  const direct = new URL(url.href);
  direct.searchParams.set('dl', '1');
  return { service: 'Dropbox', directUrl: direct.href };
}

/** The direct link for a share link, or the link itself: what post creation sends on to platforms. */
export function directLinkFor(link: string): string {
  return recognizeShareLink(link)?.directUrl ?? link;
}
