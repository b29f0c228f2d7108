import { stat } from 'node:fs/promises';
import type { MediaFacts, MediaInspector } from '@svc/core';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import type { LocalBlobFiles } from './local-blob-files.js';
import { readIsoBmffFacts, readMatroskaFacts, type VideoFacts } from './read-video-facts.js';

/** Options of the media inspector. */
export type MediaInspectorOptions = {
  /** Where the blobs are; their local files are opened directly so only the needed bytes are read. */
  readonly blobs: LocalBlobFiles;
};

const ISO_BMFF = new Set(['video/mp4', 'video/quicktime', 'video/x-m4v']);
const MATROSKA = new Set(['video/webm', 'video/x-matroska']);

/**
 * A MediaInspector that goes by the bytes only: file-type for the type (magic numbers), sharp for
 * an image's size, mp4box (MP4, MOV) and music-metadata (WebM) for a video's size and duration.
 * Every reader seeks to what it needs; none loads the file.
 */
export function createMediaInspector(options: MediaInspectorOptions): MediaInspector {
  const inspect = (blobKey: string) => options.blobs.withLocalFile(blobKey, inspectFile);

  async function inspectFile(path: string): Promise<MediaFacts> {
    // An absent blob is a caller's fault and must not pass for "unknown bytes".
    await stat(path);
    const contentType = (await fileTypeFromFile(path))?.mime ?? null;
    if (contentType === null) return { contentType, width: null, height: null, durationMs: null };
    if (contentType.startsWith('image/'))
      return { contentType, ...(await imageFacts(path)), durationMs: null };
    const facts = ISO_BMFF.has(contentType)
      ? await safely(() => readIsoBmffFacts(path))
      : MATROSKA.has(contentType)
        ? await safely(() => readMatroskaFacts(path))
        : null;
    return { contentType, width: null, height: null, durationMs: null, ...facts };
  }

  return { inspect };
}

type ImageFacts = Pick<MediaFacts, 'width' | 'height' | 'colorSpace' | 'bitsPerChannel'>;

const UNKNOWN_IMAGE: ImageFacts = { width: null, height: null, colorSpace: null, bitsPerChannel: null };

// libvips' band formats and their bits per channel.
const DEPTH_BITS: Readonly<Record<string, number>> = {
  uchar: 8,
  char: 8,
  ushort: 16,
  short: 16,
  uint: 32,
  int: 32,
  float: 32,
  double: 64,
};

async function imageFacts(path: string): Promise<ImageFacts> {
  try {
    // metadata() parses the header only. autoOrient is the size as displayed, EXIF rotation
    // applied, which is what a platform checks and what the padder produces.
    const metadata = await sharp(path).metadata();
    const width = metadata.autoOrient?.width ?? metadata.width;
    const height = metadata.autoOrient?.height ?? metadata.height;
    return {
      width: width > 0 ? width : null,
      height: height > 0 ? height : null,
      colorSpace: metadata.space ?? null,
      bitsPerChannel: DEPTH_BITS[metadata.depth ?? ''] ?? null,
    };
  } catch {
    // A type sharp cannot read in this build (HEIC) or a damaged header: the facts are unknown.
    return UNKNOWN_IMAGE;
  }
}

// A damaged or truncated container leaves its facts unknown rather than failing the upload; the
// core decides what an unknown size or duration means.
async function safely(read: () => Promise<VideoFacts>): Promise<VideoFacts | null> {
  try {
    return await read();
  } catch {
    return null;
  }
}
