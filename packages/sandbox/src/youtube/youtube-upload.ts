import { createHash, randomBytes } from 'node:crypto';
import { apiRoute } from '../shared/api-route.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import { googleError } from './google-error.js';
import { authenticateYouTube } from './youtube-authenticate.js';
import { finishUpload } from './youtube-finish-upload.js';
import { chargeInsert, checkInsertQuota } from './youtube-quota.js';
import type { YouTubeUploadSession } from './youtube-state.js';
import { readVideoMetadata } from './youtube-video-metadata.js';
import { renderVideo } from './youtube-video-resource.js';

const UPLOAD_PATH = '/sandbox/youtube/googleapis/upload/youtube/v3/videos';
const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** Every chunk but the last must be a multiple of this (Google's resumable protocol). */
export const CHUNK_GRANULE_BYTES = 256 * 1024;
const INSERT_PARTS = new Set(['snippet', 'status', 'id']);
const TRANSIENT_TAG = '#sandbox-transient';

/**
 * The resumable `videos.insert` (platforms.md 3.2): a POST creates an upload session and answers
 * its URI in `Location`; PUTs to that URI carry the bytes, in one request or in chunks with
 * `Content-Range`, and `bytes *\/total` probes where the session stands. Nothing exists on the
 * channel until the final byte arrives. The upload id is the session's credential, as on Google:
 * the PUTs need no access token.
 */
export function youtubeUploadRoutes(ctx: SandboxContext): RouteSpec[] {
  return [
    apiRoute('youtube', ['POST'], UPLOAD_PATH, 'youtube.upload_start', (r) => startUpload(ctx, r), {
      rawBody: true,
    }),
    apiRoute(
      'youtube',
      ['PUT'],
      UPLOAD_PATH,
      (r) => (isProbe(r) ? 'youtube.upload_probe' : 'youtube.upload_chunk'),
      (r) => putBytes(ctx, r),
      { rawBody: true },
    ),
  ];
}

/** One header's value (the first, if repeated). */
export function headerOf(r: SandboxRequest, name: string): string | undefined {
  const value = r.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const badRequest = (message: string) => googleError(400, 'badRequest', message, 'global');

function startUpload(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = authenticateYouTube(ctx, r);
  const uploadType = r.input.get('uploadType');
  if (uploadType === undefined) {
    throw googleError(
      400,
      'wrongUrlForUpload',
      'Upload requests must include an uploadType URL parameter and a URL path beginning with /upload/',
      'global',
    );
  }
  if (uploadType !== 'resumable') throw badRequest('The sandbox supports uploadType=resumable only.');
  const parts = (r.input.get('part') ?? '').split(',').filter((p) => p !== '');
  if (parts.length === 0) throw googleError(400, 'required', 'Required parameter: part', 'global');
  const unexpected = parts.find((p) => !INSERT_PARTS.has(p));
  if (unexpected !== undefined) throw googleError(400, 'unexpectedPart', `'${unexpected}'`, 'youtube.part');
  if (ctx.state.youtube.channels.get(token.uid) === 'missing') {
    throw googleError(401, 'youtubeSignupRequired', 'Unauthorized', 'youtube.header');
  }
  checkInsertQuota(ctx);
  const total = declaredLength(r);
  const contentType = headerOf(r, 'x-upload-content-type') ?? 'application/octet-stream';
  if (!contentType.startsWith('video/') && contentType !== 'application/octet-stream') {
    throw googleError(
      400,
      'badContent',
      `Media type '${contentType}' is not supported. Valid media types: [video/*, application/octet-stream]`,
      'global',
    );
  }
  const notify = r.input.get('notifySubscribers');
  if (notify !== undefined && notify !== 'true' && notify !== 'false') {
    throw googleError(400, 'invalidParameter', `Invalid boolean value: '${notify}'.`, 'global');
  }
  const now = nowOf(ctx);
  const { snippet, settings } = readVideoMetadata(r.body, now);
  checkUploadLimit(ctx, token.uid, now);
  const text = `${snippet.title}\n${snippet.description}`.toLowerCase();
  const transientKey = `youtube\n${token.uid}\n${snippet.title}`;
  if (text.includes(TRANSIENT_TAG) && !ctx.state.transientSeen.has(transientKey)) {
    ctx.state.transientSeen.add(transientKey);
    throw googleError(503, 'backendError', 'Backend Error', 'global');
  }
  chargeInsert(ctx);
  for (const [id, old] of ctx.state.youtube.sessions)
    if (old.expiresAt <= now) ctx.state.youtube.sessions.delete(id);
  const session: YouTubeUploadSession = {
    id: `AEnB2U${randomBytes(36).toString('base64url')}`,
    channelId: token.uid,
    handle: token.h,
    createdAt: now,
    expiresAt: now + SESSION_LIFETIME_MS,
    parts,
    snippet,
    settings,
    contentType,
    notifySubscribers: notify !== 'false',
    totalBytes: total,
    received: 0,
    hash: createHash('sha256'),
    videoId: null,
  };
  ctx.state.youtube.sessions.set(session.id, session);
  const location = `${ctx.sandboxUrl}/youtube/googleapis/upload/youtube/v3/videos?uploadType=resumable&upload_id=${session.id}`;
  return { status: 200, headers: { location, 'x-guploader-uploadid': session.id }, body: '' };
}

function declaredLength(r: SandboxRequest): number | null {
  const raw = headerOf(r, 'x-upload-content-length');
  if (raw === undefined) return null;
  if (!/^\d+$/.test(raw) || Number(raw) > Number.MAX_SAFE_INTEGER) {
    throw badRequest('X-Upload-Content-Length must be a number of bytes.');
  }
  if (Number(raw) === 0) {
    throw googleError(
      400,
      'mediaBodyRequired',
      'The request does not include the video content.',
      'youtube.video',
    );
  }
  return Number(raw);
}

function checkUploadLimit(ctx: SandboxContext, channelId: string, now: number): void {
  const limit = ctx.state.youtube.uploadLimit;
  if (limit === null) return;
  let recent = 0;
  for (const video of ctx.state.youtube.videos.values()) {
    if (video.channelId === channelId && video.uploadedAt > now - 24 * 60 * 60_000) recent += 1;
  }
  if (recent >= limit) {
    throw googleError(
      400,
      'uploadLimitExceeded',
      'The user has exceeded the number of videos they may upload.',
      'youtube.video',
    );
  }
}

/** A parsed Content-Range: a probe (`bytes *\/total`) or a chunk; totals may be unknown (`*`). */
type ContentRange =
  | { readonly kind: 'probe'; readonly total: number | null }
  | { readonly kind: 'chunk'; readonly start: number; readonly end: number; readonly total: number | null };

function isProbe(r: SandboxRequest): boolean {
  const range = headerOf(r, 'content-range');
  return r.body.length === 0 && (range === undefined || /^bytes \*\//i.test(range.trim()));
}

function parseRange(r: SandboxRequest): ContentRange {
  const raw = headerOf(r, 'content-range')?.trim();
  if (raw === undefined) {
    // No Content-Range: the body is the whole file, or an empty status query.
    return r.body.length === 0
      ? { kind: 'probe', total: null }
      : { kind: 'chunk', start: 0, end: r.body.length - 1, total: r.body.length };
  }
  const total = (text: string | undefined) => (text === undefined || text === '*' ? null : Number(text));
  const probe = /^bytes \*\/(\d+|\*)$/i.exec(raw);
  if (probe !== null) return { kind: 'probe', total: total(probe[1]) };
  const chunk = /^bytes (\d+)-(\d+)\/(\d+|\*)$/i.exec(raw);
  if (chunk === null || Number(chunk[2]) < Number(chunk[1])) {
    throw badRequest('Failed to parse Content-Range header.');
  }
  return { kind: 'chunk', start: Number(chunk[1]), end: Number(chunk[2]), total: total(chunk[3]) };
}

/** 308 Resume Incomplete, with `Range: bytes=0-<last>` once any byte arrived. */
const incomplete = (session: YouTubeUploadSession): Reply => ({
  status: 308,
  headers: session.received === 0 ? {} : { range: `bytes=0-${session.received - 1}` },
  body: '',
});

function finished(ctx: SandboxContext, session: YouTubeUploadSession): Reply {
  const video = ctx.state.youtube.videos.get(session.videoId ?? '');
  if (video === undefined) throw googleError(404, 'notFound', 'Not Found', 'global');
  return jsonReply(200, renderVideo(ctx, video, new Set(session.parts), true));
}

/**
 * A PUT to a session. Bytes must continue the received prefix: a chunk starting past it is
 * refused (400), a chunk overlapping it is accepted and its already-received bytes are ignored,
 * as Google's resumable uploads do, so the Range the server answers is always the truth a
 * client resumes from. A completed session answers the video again, to any PUT.
 */
function putBytes(ctx: SandboxContext, r: SandboxRequest): Reply {
  const now = nowOf(ctx);
  const id = r.input.get('upload_id') ?? '';
  const session = ctx.state.youtube.sessions.get(id);
  if (session === undefined || session.expiresAt <= now) {
    ctx.state.youtube.sessions.delete(id);
    throw googleError(404, 'notFound', 'The upload session does not exist or has expired.', 'global');
  }
  if (session.videoId !== null) return finished(ctx, session);
  const range = parseRange(r);
  if (range.total !== null) {
    if (session.totalBytes !== null && range.total !== session.totalBytes) {
      throw badRequest(
        `The Content-Range total ${range.total} does not match the ${session.totalBytes} bytes declared.`,
      );
    }
    if (range.total < session.received)
      throw badRequest('The Content-Range total is below the bytes received.');
    session.totalBytes = range.total;
  }
  if (range.kind === 'probe') {
    if (r.body.length > 0) throw badRequest('A Content-Range of bytes */total carries no body.');
    return incomplete(session);
  }
  checkChunk(session, range, r.body.length);
  if (range.end + 1 > session.received) {
    session.hash.update(r.body.subarray(session.received - range.start));
    session.received = range.end + 1;
  }
  if (session.totalBytes !== null && session.received === session.totalBytes) {
    finishUpload(ctx, session);
    return finished(ctx, session);
  }
  return incomplete(session);
}

function checkChunk(
  session: YouTubeUploadSession,
  range: { readonly start: number; readonly end: number; readonly total: number | null },
  bodyBytes: number,
): void {
  const length = range.end - range.start + 1;
  if (length !== bodyBytes) {
    throw badRequest(`The Content-Range names ${length} bytes but the body has ${bodyBytes}.`);
  }
  if (range.start > session.received) {
    throw badRequest(
      `The chunk starts at byte ${range.start} but ${session.received} bytes were received; ` +
        'send bytes */total to ask where to resume.',
    );
  }
  if (session.totalBytes !== null && range.end >= session.totalBytes) {
    throw badRequest(`The chunk ends past the ${session.totalBytes} bytes of the file.`);
  }
  const final = session.totalBytes !== null && range.end + 1 === session.totalBytes;
  if (!final && length % CHUNK_GRANULE_BYTES !== 0) {
    throw badRequest(
      `Every chunk but the last must be a multiple of ${CHUNK_GRANULE_BYTES} bytes; this one has ${length}.`,
    );
  }
}
