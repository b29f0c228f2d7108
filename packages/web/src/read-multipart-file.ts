import type { IncomingMessage } from 'node:http';
import { type SvcError, svcError } from '@svc/core';
import busboy from 'busboy';
import { err, type Result, ResultAsync } from 'neverthrow';

/**
 * Streams the part named `field` of a multipart/form-data request into `consume`, without ever
 * holding the file in memory: busboy hands over the part as it arrives and cuts it one byte past
 * `maxBytes`, so the consumer sees it is too large and stops. Other parts are skipped. No such part:
 * `missing_file`. A request that is not valid multipart: `validation_failed`.
 */
export function readMultipartFile<T>(
  request: IncomingMessage,
  field: string,
  maxBytes: number,
  consume: (file: AsyncIterable<Uint8Array>) => PromiseLike<Result<T, SvcError>>,
): ResultAsync<T, SvcError> {
  return new ResultAsync(
    new Promise<Result<T, SvcError>>((resolve) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: request.headers,
          limits: {
            files: 1,
            fileSize: maxBytes + 1,
            fields: 20,
            fieldSize: 64 * 1024,
            parts: 30,
            headerPairs: 100,
          },
        });
      } catch (error) {
        resolve(err(malformed((error as Error).message)));
        return;
      }
      let found = false;
      let active: (NodeJS.ReadableStream & { destroy(error?: Error): void }) | null = null;
      parser.on('file', (name, stream) => {
        if (name !== field || found) {
          stream.resume();
          return;
        }
        found = true;
        active = stream;
        void Promise.resolve(consume(stream)).then(resolve, (error: unknown) =>
          resolve(err(svcError('upload_incomplete', `The upload failed: ${(error as Error).message}`))),
        );
      });
      parser.on('close', () => {
        if (!found) resolve(err(missingFile(field)));
      });
      parser.on('error', (error: Error) => {
        // Once the file part is being read, its stream fails too and the consumer reports it.
        if (!found) resolve(err(malformed(error.message)));
      });
      // A client that goes away ends the request without ending the pipe into the parser; fail
      // the part being read, so the consumer stops and removes what it stored.
      request.on('close', () => {
        if (request.complete) return;
        const gone = new Error('the client disconnected');
        active?.destroy(gone);
        parser.destroy(gone);
        if (!found)
          resolve(err(svcError('upload_incomplete', 'The upload stopped before the file arrived.')));
      });
      request.pipe(parser);
    }),
  );
}

function missingFile(field: string): SvcError {
  return svcError('missing_file', `No file: send the file as a multipart/form-data part named "${field}".`, {
    field,
  });
}

function malformed(detail: string): SvcError {
  return svcError('validation_failed', `The body is not valid multipart/form-data (${detail}).`);
}
