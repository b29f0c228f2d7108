import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';

/** An upload form's parts: its fields (those sent before the file) and the file, streamed. */
export type UploadForm = {
  readonly fields: URLSearchParams;
  /** The file part, or null when the form had none. */
  readonly file: AsyncIterable<Uint8Array> | null;
};

/**
 * Reads a multipart form up to its file part and hands it over without reading the file:
 * `accept` sees the fields sent before the file (the anti-forgery token comes first in our forms)
 * and decides whether the file may be read at all. A refused or unreadable form answers null,
 * and the rest of the body is drained so the connection stays usable.
 */
export function readUpload(
  req: IncomingMessage,
  maxBytes: number,
  consume: (form: UploadForm) => Promise<void>,
  accept: (fields: URLSearchParams) => boolean,
): Promise<boolean> {
  return new Promise((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: maxBytes + 1, fields: 10, fieldSize: 4096, parts: 12 },
      });
    } catch {
      req.resume();
      resolve(false);
      return;
    }
    const fields = new URLSearchParams();
    let handled = false;
    parser.on('field', (name, value) => fields.append(name, value));
    parser.on('file', (_name, stream) => {
      if (handled || !accept(fields)) {
        stream.resume();
        return;
      }
      handled = true;
      consume({ fields, file: stream }).then(
        () => resolve(true),
        () => resolve(false),
      );
    });
    parser.on('close', () => {
      if (!handled) resolve(false);
    });
    parser.on('error', () => {
      if (!handled) resolve(false);
    });
    req.pipe(parser);
  });
}
