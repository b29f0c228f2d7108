import { createHash } from 'node:crypto';
import type { Reply } from '../shared/http-io.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';
import { chunkRange } from './tiktok-chunk-rules.js';
import { tiktokError, tiktokLogId } from './tiktok-error.js';
import type { TikTokUpload } from './tiktok-state.js';

const VIDEO_TYPES = new Set(['video/mp4', 'video/quicktime', 'video/webm']);

const refused = (message: string) => tiktokError(400, 'invalid_file_upload', message);

const header = (r: SandboxRequest, name: string): string | undefined => {
  const value = r.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

// The upload host answers with a status and an empty body; the log id helps like on TikTok.
const chunkReply = (status: 201 | 206): Reply => ({
  status,
  headers: { 'x-tt-logid': tiktokLogId() },
  body: '',
});

/**
 * `PUT <upload_url>`: one chunk of a `FILE_UPLOAD` video, with `Content-Type: video/mp4|quicktime|webm`
 * and `Content-Range: bytes <first>-<last>/<total>`. Chunks arrive in order, each exactly the
 * range of its index (the last one takes the remainder); 206 while more are expected, 201 once the
 * video is complete. Only a running SHA-256 and the byte count are kept.
 *
 * Sending again the chunk accepted last, with the same bytes, is answered as the first time and
 * changes nothing: a client whose answer was lost may repeat its last request without harm. Any
 * other repeat, gap or overlap is refused.
 */
export function uploadChunk(ctx: SandboxContext, r: SandboxRequest): Reply {
  const upload = findUpload(ctx, r);
  if (nowOf(ctx) >= upload.expiresAt) {
    throw tiktokError(
      403,
      'invalid_params',
      'The upload_url has expired (it is valid for one hour); call video/init again.',
    );
  }
  const type = (header(r, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!VIDEO_TYPES.has(type)) {
    throw refused(`Content-Type must be video/mp4, video/quicktime or video/webm (got "${type}").`);
  }
  const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header(r, 'content-range')?.trim() ?? '');
  if (range === null) throw refused('Content-Range must be "bytes <first>-<last>/<total>".');
  const [first, last, total] = [Number(range[1]), Number(range[2]), Number(range[3])];
  if (total !== upload.videoSize) {
    throw refused(`The Content-Range total (${total}) differs from video_size (${upload.videoSize}).`);
  }
  if (r.body.length !== last - first + 1) {
    throw refused(`Content-Range announces ${last - first + 1} bytes but ${r.body.length} arrived.`);
  }
  const sha = createHash('sha256').update(r.body).digest('hex');
  const complete = upload.chunksDone === upload.chunkCount;

  if (upload.chunksDone > 0 && sameRange(upload, upload.chunksDone - 1, first, last)) {
    if (sha !== upload.lastChunkSha) {
      throw refused(`Chunk ${upload.chunksDone} was already received with different bytes.`);
    }
    return chunkReply(complete ? 201 : 206);
  }
  if (complete) throw refused('Every chunk of this video was already received.');
  const index = upload.chunksDone;
  const expected = chunkRange(upload, index);
  if (first !== expected.first || last !== expected.last) {
    const which = `chunk ${index + 1} of ${upload.chunkCount}`;
    throw refused(
      first !== expected.first
        ? `Chunks must arrive in order: the next one is ${which}, bytes ${expected.first}-${expected.last}/${total}.`
        : `${which} must be bytes ${expected.first}-${expected.last}/${total} (chunk_size ${upload.chunkSize}; ` +
            'the last chunk takes the remainder).',
    );
  }
  upload.hash.update(r.body);
  upload.bytesDone += r.body.length;
  upload.chunksDone += 1;
  upload.lastChunkSha = sha;
  if (upload.chunksDone < upload.chunkCount) return chunkReply(206);
  upload.sha256 = upload.hash.digest('hex');
  const publish = ctx.state.tiktok.publishes.get(ctx.state.tiktok.uploads.get(upload.id) ?? '');
  if (publish !== undefined) publish.mediaReadyAt = nowOf(ctx);
  return chunkReply(201);
}

function sameRange(upload: TikTokUpload, index: number, first: number, last: number): boolean {
  const range = chunkRange(upload, index);
  return range.first === first && range.last === last;
}

function findUpload(ctx: SandboxContext, r: SandboxRequest): TikTokUpload {
  const publish = ctx.state.tiktok.publishes.get(
    ctx.state.tiktok.uploads.get(r.input.get('upload_id') ?? '') ?? '',
  );
  const upload = publish?.upload ?? null;
  if (upload === null || upload.token !== r.input.get('upload_token')) {
    throw tiktokError(404, 'invalid_params', 'No upload matches this upload_id and upload_token.');
  }
  return upload;
}
