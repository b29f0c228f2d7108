import type { IncomingMessage } from 'node:http';

/** The body as JSON, or why it could not be read. */
export type BodyOutcome = { kind: 'json'; value: unknown } | { kind: 'too_large' } | { kind: 'invalid_json' };

/**
 * Reads and parses a JSON body of at most `maxBytes`. A body over the limit is not buffered: the
 * announced length refuses it before reading, and a chunked one is refused as soon as it passes
 * the limit; the rest is drained unread so the refusal can still be sent on the connection.
 */
export function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<BodyOutcome> {
  const announced = Number(req.headers['content-length']);
  if (Number.isFinite(announced) && announced > maxBytes) {
    req.resume();
    return Promise.resolve({ kind: 'too_large' });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData);
      req.off('end', onEnd);
      req.resume();
      resolve({ kind: 'too_large' });
    };
    const onEnd = () => {
      try {
        resolve({ kind: 'json', value: JSON.parse(Buffer.concat(chunks, size).toString('utf8')) });
      } catch {
        resolve({ kind: 'invalid_json' });
      }
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', reject);
  });
}
