import type { IncomingMessage } from 'node:http';

/** Whether a request carries a multipart form (a file may come with it). */
export function isMultipart(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
}
