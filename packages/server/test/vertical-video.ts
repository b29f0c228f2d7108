import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROTATED = join(import.meta.dirname, '../../media/test/fixtures/video-rotated.mp4');

/**
 * A real portrait MP4 (the 90x160 fixture) stretched to `durationMs` and padded to `totalBytes`,
 * for tests that need a TikTok video (at least 3 s) or a Short uploaded in several chunks.
 *
 * The duration fields of the movie, track, media and edit-list headers are multiplied alike (the
 * samples stay as they are: only the facts the inspector reads change), and the padding is a
 * trailing `free` box, which every MP4 reader skips. Each call's padding differs, so two videos
 * never share a blob.
 */
export function verticalVideo(options: { readonly durationMs: number; readonly totalBytes: number }): Buffer {
  const source = readFileSync(ROTATED);
  const video = Buffer.from(source);
  const factor = options.durationMs / 1000; // the fixture runs 1000 ms
  const scale = (offset: number) =>
    video.writeUInt32BE(Math.round(video.readUInt32BE(offset) * factor), offset);
  for (const [box, durationAt] of [
    ['mvhd', 16], // version+flags, creation, modification, timescale, duration
    ['tkhd', 20], // version+flags, creation, modification, track id, reserved, duration
    ['mdhd', 16],
    ['elst', 8], // version+flags, entry count, segment duration
  ] as const) {
    const at = video.indexOf(box);
    if (at < 0) continue;
    if (video[at + 4] !== 0) throw new Error(`verticalVideo: ${box} is not a version 0 box`);
    scale(at + 4 + durationAt);
  }
  const padding = options.totalBytes - video.length;
  if (padding < 16) throw new Error(`verticalVideo: ${options.totalBytes} bytes is smaller than the video`);
  const free = Buffer.alloc(padding);
  free.writeUInt32BE(padding, 0);
  free.write('free', 4, 'latin1');
  free.writeDoubleBE(Math.random(), 8);
  return Buffer.concat([video, free]);
}
