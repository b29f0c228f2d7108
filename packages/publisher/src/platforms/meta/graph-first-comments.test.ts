import type { FirstCommentJob } from '@svc/core';
import { anAccount, createFakeClock } from '@svc/core/testing';
import { describe, expect, it } from 'vitest';
import { createThreadsFirstComments } from '../threads/threads-first-comments.js';
import type { GraphClient, GraphParams } from './graph-client.js';
import { GraphRequestError } from './graph-failure.js';
import { createGraphFirstComments } from './graph-first-comments.js';

type Sent = { method: 'GET' | 'POST'; url: string; params: GraphParams };

// A Graph client that records each call and answers from a script, in order.
function fakeGraph(answers: unknown[]): { graph: GraphClient; sent: Sent[] } {
  const sent: Sent[] = [];
  const next = (call: Sent) => {
    sent.push(call);
    const answer = answers.shift();
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(answer);
  };
  const graph: GraphClient = {
    get: (schema, url, params) => next({ method: 'GET', url, params }).then((a) => schema.parse(a)),
    post: (schema, url, params) => next({ method: 'POST', url, params }).then((a) => schema.parse(a)),
    postJson: () => Promise.reject(new Error('not used')),
  };
  return { graph, sent };
}

const clock = createFakeClock();
const BASE = 'https://graph.instagram.com/v23.0';
const job = (platform: 'instagram' | 'threads', credentials: Record<string, unknown>): FirstCommentJob => ({
  account: anAccount('user_1', { platform, handle: 'acme.studio', platformAccountId: '1789' }),
  credentials,
  targetId: '18000001',
  text: 'Link in bio #launch',
});

const instagram = (graph: GraphClient) =>
  createGraphFirstComments({
    graph,
    base: BASE,
    clock,
    platformName: 'Instagram',
    textField: 'text',
    commenter: (j) => ({
      accessToken: String(j.credentials.accessToken),
      ownIds: ['1789'],
      handle: j.account.handle,
    }),
  });

describe('first comment requests, as the platforms document them', () => {
  it('Instagram: POST /{ig-media-id}/comments?message=', async () => {
    const { graph, sent } = fakeGraph([{ id: '17900000001' }]);
    const answer = await instagram(graph).post(job('instagram', { accessToken: 'tok', userId: '1789' }));
    expect(answer).toEqual({ kind: 'posted', commentId: '17900000001' });
    expect(sent).toEqual([
      {
        method: 'POST',
        url: `${BASE}/18000001/comments`,
        params: { message: 'Link in bio #launch', access_token: 'tok' },
      },
    ]);
  });

  it('Instagram: a lost answer is found among the media comments by handle and text', async () => {
    const { graph, sent } = fakeGraph([
      {
        data: [
          { id: 'c1', text: 'Link in bio #launch', from: { id: '999', username: 'someone' } },
          { id: 'c2', text: 'Link in bio #launch', from: { id: '6123', username: 'Acme.Studio' } },
        ],
      },
    ]);
    const found = await instagram(graph).find({
      ...job('instagram', { accessToken: 'tok' }),
      since: clock.now(),
    });
    expect(found).toEqual({ kind: 'found', commentId: 'c2' });
    expect(sent[0]).toMatchObject({ method: 'GET', url: `${BASE}/18000001/comments` });
  });

  it('Facebook: POST /{object-id}/comments with message; its read-back asks for message and from', async () => {
    const { graph, sent } = fakeGraph([
      { id: '111_222' },
      { data: [{ id: '111_222', message: 'Hi', from: { id: '55' } }] },
    ]);
    const facebook = createGraphFirstComments({
      graph,
      base: 'https://graph.facebook.com/v23.0',
      clock,
      platformName: 'Facebook',
      textField: 'message',
      commenter: () => ({ accessToken: 'page-token', ownIds: ['55'], handle: null }),
    });
    const fbJob = { ...job('instagram', {}), targetId: '55_1', text: 'Hi' };
    expect(await facebook.post(fbJob)).toEqual({ kind: 'posted', commentId: '111_222' });
    expect(await facebook.find({ ...fbJob, since: clock.now() })).toEqual({
      kind: 'found',
      commentId: '111_222',
    });
    expect(sent).toEqual([
      {
        method: 'POST',
        url: 'https://graph.facebook.com/v23.0/55_1/comments',
        params: { message: 'Hi', access_token: 'page-token' },
      },
      {
        method: 'GET',
        url: 'https://graph.facebook.com/v23.0/55_1/comments',
        params: { fields: 'id,message,from', access_token: 'page-token' },
      },
    ]);
  });

  it('Threads: a reply is a TEXT container with reply_to_id, then threads_publish', async () => {
    const { graph, sent } = fakeGraph([{ id: 'container_1' }, { id: 'reply_1' }]);
    const comments = createThreadsFirstComments({ graph, base: 'https://graph.threads.net/v1.0', clock });
    const answer = await comments.post(job('threads', { accessToken: 'tok', userId: '42' }));
    expect(answer).toEqual({ kind: 'posted', commentId: 'reply_1' });
    expect(sent).toEqual([
      {
        method: 'POST',
        url: 'https://graph.threads.net/v1.0/42/threads',
        params: {
          media_type: 'TEXT',
          text: 'Link in bio #launch',
          reply_to_id: '18000001',
          access_token: 'tok',
        },
      },
      {
        method: 'POST',
        url: 'https://graph.threads.net/v1.0/42/threads_publish',
        params: { creation_id: 'container_1', access_token: 'tok' },
      },
    ]);
  });

  it('answers a passing refusal as retry and a refusal for good as failed, never throwing', async () => {
    const refusal = (status: number, error: Record<string, unknown>) =>
      new GraphRequestError({
        status,
        error: error as never,
        regainAccessMs: null,
        detail: `HTTP ${status}`,
      });
    const { graph } = fakeGraph([
      refusal(500, { code: 2, message: 'Service temporarily unavailable', is_transient: true }),
      refusal(400, { code: 100, message: 'Comments are turned off for this media' }),
    ]);
    const comments = instagram(graph);
    const credentials = { accessToken: 'tok' };
    expect(await comments.post(job('instagram', credentials))).toMatchObject({ kind: 'retry' });
    expect(await comments.post(job('instagram', credentials))).toEqual({
      kind: 'failed',
      reason: 'Instagram refused the first comment: Comments are turned off for this media',
    });
  });
});
