import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';

/** An upload form as read: every field, and what was made of its file (null: the form had none). */
export type UploadForm<T> = {
  readonly fields: URLSearchParams;
  readonly file: T | null;
};

// A whole compose form travels with its file: accounts, caption (up to 10,000 characters of up
// to 4 bytes), title and the rest.
const LIMITS = { files: 1, fields: 100, fieldSize: 64 * 1024, parts: 101 };

/**
 * Reads a multipart form, streaming its file into `consume` without buffering it. `accept` sees
 * the fields sent before the file (the anti-forgery token comes first in our forms) and decides
 * whether the file may be read at all; fields after the file are read too. A refused or
 * unreadable form answers null, and the rest of the body is drained so the connection stays usable.
 */
export function readUpload<T>(
  req: IncomingMessage,
  maxBytes: number,
  accept: (fields: URLSearchParams) => boolean,
  consume: (file: AsyncIterable<Uint8Array>, fields: URLSearchParams) => Promise<T>,
): Promise<UploadForm<T> | null> {
  return new Promise((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { ...LIMITS, fileSize: maxBytes + 1 } });
    } catch {
      req.resume();
      resolve(null);
      return;
    }
    const fields = new URLSearchParams();
    let refused = false;
    let consumed: Promise<T> | null = null;
    parser.on('field', (name, value) => fields.append(name, value));
    parser.on('file', (_name, stream, info) => {
      // A file input left empty still sends its part, with no file name and no bytes.
      if (consumed !== null || refused || !info.filename) {
        stream.resume();
        return;
      }
      if (!accept(fields)) {
        refused = true;
        stream.resume();
        return;
      }
      consumed = consume(stream, fields);
      // Settled below; a rejection here must not go unhandled meanwhile.
      consumed.catch(() => undefined);
    });
    parser.on('close', () => {
      if (refused || !accept(fields)) {
        resolve(null);
        return;
      }
      if (consumed === null) {
        resolve({ fields, file: null });
        return;
      }
      consumed.then(
        (file) => resolve({ fields, file }),
        () => resolve(null),
      );
    });
    parser.on('error', () => resolve(null));
    req.pipe(parser);
  });
}
