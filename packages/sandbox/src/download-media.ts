/** The outcome of fetching a media link the way Meta's crawler does. */
export type MediaDownload =
  | { readonly ok: true; readonly bytes: Buffer; readonly contentType: string | null }
  | { readonly ok: false; readonly reason: string };

const MAX_BYTES = 60 * 1024 * 1024;
const TIMEOUT_MS = 10_000;

/**
 * GETs `url` (http or https, redirects followed) within 10 s and 60 MB. Never rejects: every
 * failure, network or HTTP, comes back as `{ ok: false, reason }`.
 */
export async function downloadMedia(url: string): Promise<MediaDownload> {
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
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += chunk.byteLength;
      if (size > MAX_BYTES) return { ok: false, reason: `the file is larger than ${MAX_BYTES} bytes` };
      chunks.push(chunk);
    }
    return { ok: true, bytes: Buffer.concat(chunks), contentType: res.headers.get('content-type') };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return { ok: false, reason: timedOut ? 'the download timed out' : 'the server could not be reached' };
  }
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
