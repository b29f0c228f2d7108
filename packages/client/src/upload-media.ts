import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/** What `uploadMedia` reads from: a file path or file: URL, a Node or web stream, a Blob, or bytes. */
export type MediaSource = string | URL | Readable | ReadableStream<Uint8Array> | Blob | Uint8Array;

/** How `uploadMedia` sends the file. */
export type UploadMediaOptions = {
  /** The file name the service records; defaults to the path's last segment, else `upload`. */
  readonly filename?: string;
  /** Sent as the part's type; the service reads the real type from the bytes either way. */
  readonly contentType?: string;
  /**
   * `multipart` (default): one streamed multipart/form-data request to POST /api/v1/media.
   * `upload-link`: POST /api/v1/media/upload for a signed link, then PUT the raw bytes to it.
   */
  readonly via?: 'multipart' | 'upload-link';
  /** Aborts the upload. */
  readonly signal?: AbortSignal;
};

/** The uploaded file: its id for posts, and a signed (expiring) link to it. */
export type UploadedMedia = { readonly mediaId: string; readonly url: string };

/** The file as a stream of bytes, never read into memory as a whole. */
export function mediaStream(source: MediaSource): ReadableStream<Uint8Array> {
  if (typeof source === 'string' || source instanceof URL)
    return Readable.toWeb(createReadStream(source)) as ReadableStream<Uint8Array>;
  if (source instanceof Readable) return Readable.toWeb(source) as ReadableStream<Uint8Array>;
  if (source instanceof Blob) return source.stream();
  if (source instanceof Uint8Array)
    return new ReadableStream({
      start(controller) {
        controller.enqueue(source);
        controller.close();
      },
    });
  return source;
}

/** The name to record: the option, else the path's last segment, else `upload`. */
export function mediaFilename(source: MediaSource, filename: string | undefined): string {
  if (filename !== undefined) return filename;
  if (source instanceof URL) return basename(fileURLToPath(source));
  return typeof source === 'string' ? basename(source) : 'upload';
}

/**
 * A multipart/form-data body with the file as the part `file`, streamed: the head, the file's
 * chunks as they are read, the tail. FormData would need the whole file as a Blob first.
 */
export function multipartBody(
  file: ReadableStream<Uint8Array>,
  filename: string,
  contentType: string,
): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = `svc-${randomUUID()}`;
  const safeName = filename.replace(/["\r\n\\]/g, '_');
  const encoder = new TextEncoder();
  const head = encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${safeName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  async function* parts(): AsyncGenerator<Uint8Array> {
    yield head;
    yield* file;
    yield tail;
  }
  return {
    body: ReadableStream.from(parts()) as ReadableStream<Uint8Array>,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
