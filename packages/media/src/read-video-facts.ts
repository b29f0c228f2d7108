import { open } from 'node:fs/promises';
import { createFile, Log, type Movie, MP4BoxBuffer } from 'mp4box';
import { parseFile, TrackType } from 'music-metadata';

/** A video's picture size and duration; null where the container does not say. */
export type VideoFacts = {
  readonly width: number | null;
  readonly height: number | null;
  readonly durationMs: number | null;
};

const UNKNOWN: VideoFacts = { width: null, height: null, durationMs: null };

// mp4box reads boxes from buffers we hand it; 64 KiB per read keeps the number of reads small
// for the usual moov of a few KiB to a few hundred.
const CHUNK_BYTES = 64 * 1024;
// The moov of a 50 MB phone video is well under 1 MiB. A file that makes mp4box want more than
// this before it finds the moov is malformed or hostile, and its facts stay unknown.
const MAX_PARSED_BYTES = 16 * 1024 * 1024;

/**
 * Reads an MP4 or QuickTime file's facts from its moov box, wherever the box is: mp4box tells
 * which file position it needs next, so an mdat in front of the moov is skipped, not read.
 */
export async function readIsoBmffFacts(path: string): Promise<VideoFacts> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const iso = createFile(false);
    let movie: Movie | null = null;
    let failed = false;
    iso.onReady = (info) => {
      movie = info;
    };
    iso.onError = () => {
      failed = true;
    };
    let position = 0;
    let parsed = 0;
    while (movie === null && !failed && position < size && parsed < MAX_PARSED_BYTES) {
      const bytes = new Uint8Array(Math.min(CHUNK_BYTES, size - position));
      const { bytesRead } = await file.read(bytes, 0, bytes.byteLength, position);
      if (bytesRead === 0) break;
      parsed += bytesRead;
      const chunk = MP4BoxBuffer.fromArrayBuffer(bytes.buffer.slice(0, bytesRead), position);
      const next = withMp4boxMuted(() => iso.appendBuffer(chunk));
      // mp4box answers with the next position it wants: past the buffer, or past a box it skips.
      position = typeof next === 'number' && next > position ? next : position + bytesRead;
    }
    return movie === null ? UNKNOWN : movieFacts(movie);
  } finally {
    await file.close();
  }
}

// mp4box reports every box name it dislikes (QuickTime's '©swr', present in most MOV files) with
// console.error, at a level no setting lowers. Parsing is synchronous, so muting its logger for the
// duration of one call silences exactly mp4box; errors tied to a file still reach its onError.
function withMp4boxMuted<T>(parse: () => T): T {
  const { debug, info, warn, error } = Log;
  Log.debug = Log.info = Log.warn = () => {};
  Log.error = (_module, message, isofile) => isofile?.onError?.('mp4box', message ?? '');
  try {
    return parse();
  } finally {
    Object.assign(Log, { debug, info, warn, error });
  }
}

function movieFacts(movie: Movie): VideoFacts {
  const track = movie.videoTracks[0];
  const fragment = movie.fragment_duration;
  const seconds =
    movie.duration > 0 && movie.timescale > 0
      ? movie.duration / movie.timescale
      : fragment !== undefined && fragment.num > 0 && fragment.den > 0
        ? fragment.num / fragment.den
        : null;
  const durationMs = seconds === null ? null : Math.round(seconds * 1000);
  if (track === undefined) return { width: null, height: null, durationMs };
  // tkhd holds the presentation size (pixel aspect applied); the sample entry the coded size.
  const width = positive(track.track_width) ?? positive(track.video?.width);
  const height = positive(track.track_height) ?? positive(track.video?.height);
  // A phone's portrait video is stored landscape with a 90° or 270° tkhd matrix; what viewers
  // (and the platforms' aspect-ratio rules) see is the turned picture.
  const [a = 1, b = 0] = track.matrix ?? [];
  const quarterTurn = a === 0 && b !== 0;
  return quarterTurn ? { width: height, height: width, durationMs } : { width, height, durationMs };
}

/**
 * Reads a WebM or Matroska file's facts from its Segment Info and Tracks elements; music-metadata
 * seeks over the clusters instead of reading them. Files written live (browser recordings) may
 * have no Duration element: their duration stays unknown.
 */
export async function readMatroskaFacts(path: string): Promise<VideoFacts> {
  const metadata = await parseFile(path, { duration: false, skipCovers: true, skipPostHeaders: true });
  const video = metadata.format.trackInfo.find((track) => track.type === TrackType.video)?.video;
  const seconds = metadata.format.duration;
  return {
    width: positive(video?.pixelWidth),
    height: positive(video?.pixelHeight),
    durationMs: seconds !== undefined && Number.isFinite(seconds) ? Math.round(seconds * 1000) : null,
  };
}

function positive(value: number | undefined): number | null {
  return value !== undefined && Number.isFinite(value) && value > 0 ? Math.round(value) : null;
}
