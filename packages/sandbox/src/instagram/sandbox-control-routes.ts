import { jsonReply, type Reply } from '../shared/http-io.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import { SandboxControlError } from '../shared/sandbox-control-error.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import { createInstagramControl } from './instagram-control.js';

const BASE = '/sandbox/control/instagram';

/**
 * The HTTP control API, for tests driving a sandbox in another process (the in-process
 * `control.instagram` does the same). Bodies are JSON or forms; refusals answer
 * `{"error":{"message"}}`. Not API calls: no latency, no intercept hook.
 *
 * - `POST /sandbox/control/instagram/webhook` `{callbackUrl, verifyToken, appSecret?}` → `{verified, status}`
 * - `DELETE /sandbox/control/instagram/webhook` → `{removed: true}`
 * - `GET /sandbox/control/instagram/webhook` → `{webhook, attempts}`
 * - `POST /sandbox/control/instagram/webhook/idle` → `{idle: true}` once no delivery is pending
 * - `POST /sandbox/control/instagram/comments` `{mediaId, text, username?, fromId?, parentId?,
 *   asOwner?, commentedAt?, duplicateDelivery?}` → `{commentId}`
 * - `GET /sandbox/control/instagram/comments?mediaId=…` → `{comments: [thread…]}`
 *
 * Instead of `mediaId`, both take the post's `permalink` (what the service's post answer shows).
 */
export function sandboxControlRoutes(ctx: SandboxContext): RouteSpec[] {
  const control = createInstagramControl(ctx);
  const route = (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    run: (r: SandboxRequest) => Reply | Promise<Reply>,
  ): RouteSpec => ({
    methods: [method],
    path: `${BASE}${path}`,
    route: { surface: 'control', run: (r) => answer(r, run) },
  });
  return [
    route('POST', '/webhook', async (r) =>
      jsonReply(
        200,
        await control.configureWebhook({
          callbackUrl: r.input.get('callbackUrl') ?? '',
          verifyToken: r.input.get('verifyToken') ?? '',
          ...(r.input.has('appSecret') ? { appSecret: r.input.get('appSecret') ?? '' } : {}),
        }),
      ),
    ),
    route('DELETE', '/webhook', async () => {
      await control.configureWebhook(null);
      return jsonReply(200, { removed: true });
    }),
    route('GET', '/webhook', () =>
      jsonReply(200, { webhook: ctx.state.settings.instagramWebhook, attempts: control.webhookAttempts() }),
    ),
    route('POST', '/webhook/idle', async () => {
      await control.webhooksIdle();
      return jsonReply(200, { idle: true });
    }),
    route('POST', '/comments', (r) => {
      const text = (name: string) => r.input.get(name);
      const yes = (name: string) => ['true', '1'].includes(text(name)?.toLowerCase() ?? '');
      const optional = (name: string) => (text(name) === undefined ? {} : { [name]: text(name) });
      return jsonReply(
        200,
        control.addComment({
          mediaId: mediaIdOf(ctx, r),
          text: text('text') ?? '',
          ...optional('username'),
          ...optional('fromId'),
          ...optional('parentId'),
          ...optional('commentedAt'),
          asOwner: yes('asOwner'),
          duplicateDelivery: yes('duplicateDelivery'),
        }),
      );
    }),
    route('GET', '/comments', (r) => jsonReply(200, { comments: control.comments(mediaIdOf(ctx, r)) })),
  ];
}

// The media a request names, by id or by the post's permalink.
function mediaIdOf(ctx: SandboxContext, r: SandboxRequest): string {
  const mediaId = r.input.get('mediaId');
  if (mediaId !== undefined && mediaId !== '') return mediaId;
  const permalink = r.input.get('permalink');
  const post = ctx.state.posts.find(
    (p) => p.record.platform === 'instagram' && p.record.permalink === permalink,
  );
  if (permalink !== undefined && post === undefined) {
    throw new SandboxControlError(404, `No Instagram post has the permalink ${permalink}`);
  }
  if (post === undefined)
    throw new SandboxControlError(400, 'The mediaId (or permalink) parameter is required');
  return post.postId;
}

async function answer(r: SandboxRequest, run: (r: SandboxRequest) => Reply | Promise<Reply>): Promise<Reply> {
  try {
    return await run(r);
  } catch (error) {
    if (error instanceof SandboxControlError)
      return jsonReply(error.status, { error: { message: error.message } });
    throw error;
  }
}
