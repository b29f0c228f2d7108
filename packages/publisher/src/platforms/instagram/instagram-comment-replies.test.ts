import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeClock } from '@svc/core/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGraphClient } from '../meta/graph-client.js';
import { fixtureReader } from '../shared/__fixtures__/fixture-reader.js';
import { createInstagramCommentReplies } from './instagram-comment-replies.js';

const fixture = fixtureReader(import.meta.dirname);
const metaFixture = fixtureReader(`${import.meta.dirname}/../meta`);

type Seen = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
  headers: IncomingMessage['headers'];
};
type Answer = { status: number; body: unknown };
const ok = (body: unknown): Answer => ({ status: 200, body });
const refusal = (body: unknown, status = 400): Answer => ({ status, body });

// A loopback Graph host answering "METHOD /path" from a table the test sets; what was sent is kept.
let routes: Record<string, Answer | ((seen: Seen) => Answer)> = {};
const seen: Seen[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname.replace('/graph/v23.0', '');
      const call = { method: req.method ?? '', path, query: url.searchParams, body, headers: req.headers };
      seen.push(call);
      const route = routes[`${call.method} ${path}`];
      const answer = typeof route === 'function' ? route(call) : (route ?? refusal({}, 404));
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graph/v23.0`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  routes = {};
  seen.length = 0;
});

const USER_ID = '17841400000000001';
const credentials = { accessToken: 'IGAAtoken', userId: USER_ID, issuedAt: '2026-01-01T00:00:00.000Z' };
const replies = () =>
  createInstagramCommentReplies({
    graph: createGraphClient({ timeoutMs: 500 }),
    base,
    clock: createFakeClock(),
  });
const form = (call: Seen | undefined) => Object.fromEntries(new URLSearchParams(call?.body ?? ''));

describe('Instagram comment replies (wire)', () => {
  it('tells which comment permissions a stored grant lacks, and nothing when the grant is unknown', () => {
    const { missingPermissions } = replies();
    expect(missingPermissions({ ...credentials, permissions: ['instagram_business_basic'] })).toEqual([
      'instagram_business_manage_comments',
      'instagram_business_manage_messages',
    ]);
    expect(
      missingPermissions({
        ...credentials,
        permissions: ['instagram_business_manage_messages', 'instagram_business_manage_comments'],
      }),
    ).toEqual([]);
    expect(missingPermissions(credentials)).toEqual([]);
    expect(missingPermissions({ ...credentials, permissions: 'garbled' })).toEqual([]);
  });

  it('subscribes the account to comments and messages with its own token', async () => {
    routes[`POST /${USER_ID}/subscribed_apps`] = ok(fixture('subscribed-apps.json'));
    expect(await replies().subscribe(credentials)).toEqual({ kind: 'subscribed' });
    expect(form(seen[0])).toEqual({ subscribed_fields: 'comments,messages', access_token: 'IGAAtoken' });
  });

  it('sends a private reply as JSON anchored to the comment, the token in the Authorization header', async () => {
    routes[`POST /${USER_ID}/messages`] = ok(fixture('private-reply-sent.json'));
    const answer = await replies().sendPrivateReply(credentials, {
      commentId: '1789',
      text: 'Here is the link',
    });
    expect(answer).toEqual({ kind: 'sent', replyId: expect.stringMatching(/^aWdfZAG1/) });
    expect(seen[0]?.headers).toMatchObject({
      'content-type': 'application/json',
      authorization: 'Bearer IGAAtoken',
    });
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({
      recipient: { comment_id: '1789' },
      message: { text: 'Here is the link' },
    });
    expect(seen[0]?.query.has('access_token')).toBe(false);
  });

  it('gives the private-reply rules their own answers', async () => {
    routes[`POST /${USER_ID}/messages`] = refusal(fixture('error-10900-already-replied.json'));
    const send = () => replies().sendPrivateReply(credentials, { commentId: '1789', text: 'Hi' });
    expect(await send()).toEqual({ kind: 'already_replied' });
    routes[`POST /${USER_ID}/messages`] = refusal(fixture('error-10-2018278-window-closed.json'));
    expect(await send()).toEqual({ kind: 'window_closed' });
    routes[`POST /${USER_ID}/messages`] = refusal(fixture('error-613-rate-limit.json'));
    expect(await send()).toMatchObject({ kind: 'retry', afterMs: 600_000 });
  });

  it('posts a public reply under the comment', async () => {
    routes['POST /1789/replies'] = ok(fixture('public-reply-created.json'));
    const answer = await replies().sendPublicReply(credentials, {
      commentId: '1789',
      text: 'Thanks! Check your DMs',
    });
    expect(answer).toEqual({ kind: 'sent', replyId: '18063717136912345' });
    expect(form(seen[0])).toEqual({ message: 'Thanks! Check your DMs', access_token: 'IGAAtoken' });
  });

  it('explains a reply to a comment that is gone', async () => {
    routes['POST /1789/replies'] = refusal(fixture('error-100-33-unknown-comment.json'));
    expect(await replies().sendPublicReply(credentials, { commentId: '1789', text: 'Hi' })).toEqual({
      kind: 'refused',
      reason: expect.stringContaining(
        'Instagram refused the public reply (100/33): the comment was deleted, or the account cannot see it.',
      ),
    });
  });

  it("finds the account's public reply by its author id, and none where it has not replied", async () => {
    routes['GET /1789/replies'] = ok(fixture('comment-replies.json'));
    routes['GET /1790/replies'] = ok(fixture('comment-replies-empty.json'));
    expect(await replies().findPublicReply(credentials, '1789')).toEqual({
      kind: 'found',
      replyId: '18063717136912345',
    });
    expect(Object.fromEntries(seen[0]?.query ?? [])).toEqual({
      fields: 'id,from,username',
      access_token: 'IGAAtoken',
    });
    expect(await replies().findPublicReply(credentials, '1790')).toEqual({ kind: 'none' });
  });

  it("finds the account's reply by its handle when Graph gives an Instagram-scoped author id", async () => {
    // Meta documents `from.id` on comments as the author's Instagram-scoped id, not the
    // professional account's user_id: the same reply as above, seen with another id.
    routes['GET /1789/replies'] = ok(fixture('comment-replies.json'));
    routes['GET /me'] = ok(fixture('me-flat.json'));
    expect(await replies().findPublicReply({ ...credentials, userId: '1' }, '1789')).toEqual({
      kind: 'found',
      replyId: '18063717136912345',
    });
    routes['GET /me'] = ok({ ...(fixture('me-flat.json') as object), username: 'another.brand' });
    expect(await replies().findPublicReply({ ...credentials, userId: '1' }, '1789')).toEqual({
      kind: 'none',
    });
  });

  it('reads further pages, and matches the handle when Graph leaves the author out', async () => {
    routes['GET /1789/replies'] = (call) =>
      call.query.get('after') === 'QVFIUmFy'
        ? ok(fixture('comment-replies-no-from.json'))
        : ok({
            data: [{ id: '1', from: { id: '99', username: 'someone' } }],
            paging: { cursors: { after: 'QVFIUmFy' }, next: `${base}/1789/replies?after=QVFIUmFy` },
          });
    routes['GET /me'] = ok(fixture('me-flat.json'));
    expect(await replies().findPublicReply(credentials, '1789')).toEqual({
      kind: 'found',
      replyId: '18063717136912345',
    });
    expect(seen.map((call) => call.path)).toEqual(['/1789/replies', '/me', '/1789/replies']);
  });

  it('reads a comment Graph cannot find as having no reply of ours', async () => {
    routes['GET /1789/replies'] = refusal(fixture('error-100-33-unknown-comment.json'));
    expect(await replies().findPublicReply(credentials, '1789')).toEqual({ kind: 'none' });
  });

  it('never rejects: expired and refused tokens, faults and unreadable credentials come back as answers', async () => {
    routes[`POST /${USER_ID}/subscribed_apps`] = refusal(metaFixture('error-190-463-expired.json'));
    expect(await replies().subscribe(credentials)).toEqual({ kind: 'token_expired' });
    routes[`POST /${USER_ID}/subscribed_apps`] = refusal(metaFixture('error-10-permission.json'), 403);
    expect(await replies().subscribe(credentials)).toEqual({
      kind: 'needs_reconnect',
      reason: expect.stringContaining('reconnect Instagram and allow comments and messages'),
    });
    routes['GET /1789/replies'] = refusal(metaFixture('error-2-service.json'), 500);
    expect(await replies().findPublicReply(credentials, '1789')).toMatchObject({
      kind: 'retry',
      afterMs: 30_000,
    });
    routes['POST /1789/replies'] = ok({ unexpected: true });
    expect(await replies().sendPublicReply(credentials, { commentId: '1789', text: 'Hi' })).toMatchObject({
      kind: 'retry',
    });
    expect(await replies().subscribe({ accessToken: '' })).toEqual({
      kind: 'needs_reconnect',
      reason: expect.stringContaining('unreadable'),
    });
    const unreachable = createInstagramCommentReplies({
      graph: createGraphClient({ timeoutMs: 500 }),
      base: 'http://127.0.0.1:9/v23.0',
      clock: createFakeClock(),
    });
    expect(await unreachable.sendPrivateReply(credentials, { commentId: '1', text: 'Hi' })).toEqual({
      kind: 'retry',
      afterMs: 30_000,
      reason: 'Instagram had a temporary problem (ECONNREFUSED).',
    });
  });
});
