import type { Reply } from './http-io.js';
import type { SandboxContext } from './sandbox-context.js';
import type { RouteSpec, SandboxRequest } from './sandbox-router.js';

/** The handlers and path names of one container-based Graph API (Instagram, Threads). */
export type ContainerApi = {
  readonly platform: 'instagram' | 'threads';
  /** Route prefix up to and including the version segment. */
  readonly base: string;
  /** Edge that creates (POST) and lists (GET) an account's containers and posts: `media`, `threads`. */
  readonly mediaEdge: string;
  /** Edge that publishes a container: `media_publish`, `threads_publish`. */
  readonly publishEdge: string;
  /** Edge that reports the publishing quota. */
  readonly limitEdge: string;
  readonly readNode: (r: SandboxRequest) => Reply | Promise<Reply>;
  readonly createContainer: (r: SandboxRequest) => Reply | Promise<Reply>;
  readonly listMedia: (r: SandboxRequest) => Reply | Promise<Reply>;
  readonly publish: (r: SandboxRequest) => Reply | Promise<Reply>;
  readonly publishingLimit: (r: SandboxRequest) => Reply | Promise<Reply>;
};

/**
 * The route table Instagram and Threads share: both expose the same container life cycle under
 * different edge names, and name their intercept operations `<platform>.<step>` the same way.
 */
export function containerApiRoutes(ctx: SandboxContext, api: ContainerApi): RouteSpec[] {
  const call = (operation: string | ((r: SandboxRequest) => string)) =>
    ({ platform: api.platform, operation }) as const;
  const op = (step: string) => `${api.platform}.${step}`;
  const node = `${api.base}/:id`;
  return [
    {
      methods: ['GET'],
      path: node,
      route: {
        call: call((r) =>
          r.params.id === 'me'
            ? op('me')
            : ctx.state.containers.has(r.params.id ?? '')
              ? op('container_status')
              : op('media'),
        ),
        run: api.readNode,
      },
    },
    {
      methods: ['POST'],
      path: `${node}/${api.mediaEdge}`,
      route: { call: call(op('create_container')), run: api.createContainer },
    },
    {
      methods: ['GET'],
      path: `${node}/${api.mediaEdge}`,
      route: { call: call(op('list_media')), run: api.listMedia },
    },
    {
      methods: ['POST'],
      path: `${node}/${api.publishEdge}`,
      route: { call: call(op('publish')), run: api.publish },
    },
    {
      methods: ['GET'],
      path: `${node}/${api.limitEdge}`,
      route: { call: call(op('publishing_limit')), run: api.publishingLimit },
    },
  ];
}
