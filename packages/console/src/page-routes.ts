import type { ConsoleRoute, SignedContext } from './console-context.js';
import type { ConsoleReply } from './console-reply.js';

/**
 * A signed-in page and the forms it posts to: GET `path` shows it, and each action answers a POST
 * to `path/<name>` (a name may hold more of the path: `posts/:postId/caption`).
 */
export function pageRoutes(
  path: string,
  show: (c: SignedContext) => Promise<ConsoleReply>,
  actions: Readonly<Record<string, (c: SignedContext) => Promise<ConsoleReply>>>,
): ConsoleRoute[] {
  return [
    { method: 'GET', path, access: 'signed', run: show },
    ...Object.entries(actions).map(
      ([name, run]): ConsoleRoute => ({ method: 'POST', path: `${path}/${name}`, access: 'signed', run }),
    ),
  ];
}
