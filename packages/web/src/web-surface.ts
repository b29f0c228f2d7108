import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A surface served beside the REST routes (the console, the OAuth server, the tool endpoint, the
 * sandbox): it owns some paths and writes its own responses. The server composes every surface
 * into its one app; a surface's own tests may mount it alone.
 */
export type WebSurface = {
  /** Whether `path` (without the query) is this surface's. */
  owns(path: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse): void;
};

/** The path of a request's URL, without its query. */
export function requestPath(req: Pick<IncomingMessage, 'url'>): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
