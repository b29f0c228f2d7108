import { describe, expectTypeOf, it } from 'vitest';
import {
  type CreatePostRequest,
  createSvcClient,
  type Post,
  type SvcApiError,
  type SvcErrorCode,
} from '../src/index.js';

// The generated types must keep catching mistakes: `pnpm typecheck` checks the @ts-expect-error
// lines (each fails the type check if its line stops being an error), vitest the assertions.
const client = createSvcClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'svc_key' });

/** Never called: it exists for the type checker. */
export async function misuses(): Promise<void> {
  // @ts-expect-error a misspelled field of the payload
  await client.createPost({ platforms: ['threads'], captoin: 'Hello' });
  // @ts-expect-error a time must be a string
  await client.schedulePost({ platforms: ['threads'], caption: 'x', scheduledTime: 1_900_000_000 });
  // @ts-expect-error a status the list does not filter on
  client.posts.list({ status: 'published' });
  // @ts-expect-error a path that is not in the API
  await client.api.GET('/api/v1/postz/{id}', { params: { path: { id: 'x' } } });
  // @ts-expect-error the path parameter is required
  await client.api.GET('/api/v1/posts/{id}', {});
  // @ts-expect-error GET /api/v1/posts/{id} has no body
  await client.api.POST('/api/v1/posts/{id}', { body: {} });
}

describe('types', () => {
  it('types payloads, answers and errors from the OpenAPI document', () => {
    expectTypeOf(client.createPost).parameter(0).toEqualTypeOf<CreatePostRequest>();
    expectTypeOf<CreatePostRequest['caption']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf(client.getPost).returns.resolves.toEqualTypeOf<Post>();
    expectTypeOf<Post['status']>().toEqualTypeOf<
      'draft' | 'pending_approval' | 'scheduled' | 'posted' | 'failed'
    >();
    expectTypeOf<Post['permalink']>().toEqualTypeOf<string | null>();
    expectTypeOf(client.waitForPost).returns.resolves.toEqualTypeOf<Post>();
    expectTypeOf(client.posts.list).returns.toExtend<AsyncIterable<Post>>();
    expectTypeOf<SvcApiError['code']>().toEqualTypeOf<SvcErrorCode>();
    expectTypeOf<'post_not_found'>().toExtend<SvcErrorCode>();
    type GetPostData = Awaited<ReturnType<typeof getPost>>['data'];
    const getPost = () => client.api.GET('/api/v1/posts/{id}', { params: { path: { id: 'x' } } });
    expectTypeOf<GetPostData>().toEqualTypeOf<Post | undefined>();
  });
});
