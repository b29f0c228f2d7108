import type { FetchRefusal, MediaFetcher } from '@svc/core';

/** The outcome of fetching a media link the way Meta's crawler does. */
export type MediaDownload =
  | { readonly ok: true; readonly bytes: Buffer }
  | { readonly ok: false; readonly reason: string };

/** Downloads a media link for a simulator; never rejects. */
export type MediaDownloader = (url: string) => Promise<MediaDownload>;

const MAX_BYTES = 60 * 1024 * 1024;
const TIMEOUT_MS = 10_000;

/**
 * How the simulators fetch media links: the server's own signed media links (under `ownPrefix`)
 * directly, since the server made them, and every other link through `fetcher`, the same
 * SSRF-safe fetcher the service uses, so a link to a private address reaches nothing. Without a
 * fetcher (the sandbox on its own, in tests), every link is fetched directly.
 */
export function mediaDownloader(fetcher: MediaFetcher | null, ownPrefix: string | null): MediaDownloader {
  const own = ownPrefix === null ? null : new URL(ownPrefix);
  // Compared once parsed, so `/media/../elsewhere` (normalised away by URL) is not the server's media.
  const isOwn = (url: string) => {
    if (own === null || !URL.canParse(url)) return false;
    const target = new URL(url);
    return target.origin === own.origin && target.pathname.startsWith(own.pathname);
  };
  return (url) => (fetcher === null || isOwn(url) ? downloadDirectly(url) : downloadThrough(fetcher, url));
}

async function downloadThrough(fetcher: MediaFetcher, url: string): Promise<MediaDownload> {
  try {
    const fetched = await fetcher.fetch(url, { maxBytes: MAX_BYTES });
    if (!fetched.ok) return { ok: false, reason: refusalReason(fetched.refusal) };
    return await collect(fetched.file.body);
  } catch {
    return { ok: false, reason: 'the server could not be reached' };
  }
}

function refusalReason(refusal: FetchRefusal): string {
  switch (refusal.kind) {
    case 'blocked_address':
      return 'the link points to a private or reserved address';
    case 'not_https':
      return 'the link is not https';
    case 'too_many_redirects':
      return 'the link redirects too many times';
    case 'http_status':
      return `the server answered HTTP ${refusal.status}`;
    case 'too_large':
      return `the file is larger than ${refusal.maxBytes} bytes`;
    case 'unreachable':
      return 'the server could not be reached';
  }
}

/**
 * GETs `url` (http or https, redirects followed) within 10 s and 60 MB. Never rejects: every
 * failure, network or HTTP, comes back as `{ ok: false, reason }`.
 */
async function downloadDirectly(url: string): Promise<MediaDownload> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { ok: false, reason: 'the link is not a valid URL' };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return { ok: false, reason: 'the link is not http(s)' };
  }
  try {
    const res = await fetch(target, {
      redirect: 'follow',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { 'user-agent': 'facebookexternalhit/1.1 (svc sandbox)' },
    });
    if (!res.ok || res.body === null) {
      await res.body?.cancel();
      return { ok: false, reason: `the server answered HTTP ${res.status}` };
    }
    return await collect(res.body);
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return { ok: false, reason: timedOut ? 'the download timed out' : 'the server could not be reached' };
  }
}

// The platforms tell a file's type from its bytes, so only the bytes are kept.
async function collect(body: AsyncIterable<Uint8Array>): Promise<MediaDownload> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > MAX_BYTES) return { ok: false, reason: `the file is larger than ${MAX_BYTES} bytes` };
    chunks.push(chunk);
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
}

/** An image format a platform may take or refuse, told by its first bytes (as the platforms' own checks do). */
export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'bmp' | 'tiff';

/** The image format the bytes start with; null for anything else (AVIF, HEIC, not an image). */
export function imageFormatOf(bytes: Buffer): ImageFormat | null {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (ascii(0, 4) === 'GIF8') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(0, 2) === 'BM') return 'bmp';
  if (ascii(0, 4) === 'II*\u0000' || ascii(0, 4) === 'MM\u0000*') return 'tiff';
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
