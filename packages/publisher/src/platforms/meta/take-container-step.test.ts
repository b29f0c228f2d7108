import { describe, expect, it } from 'vitest';
import { INSTAGRAM_DIALECT } from '../instagram/instagram-api.js';
import { fixtureReader } from '../shared/__fixtures__/fixture-reader.js';
import { documentedErrorBody, INSTAGRAM_ERROR_CODES } from './__fixtures__/instagram-error-codes.js';
import type { ContainerPlan } from './container-plan.js';
import { type ContainerProgress, containerProgressSchema } from './container-progress.js';
import type { GraphClient, GraphParams } from './graph-client.js';
import { failureFromAnswer, GraphRequestError } from './graph-failure.js';
import { META_STATUS_POLLING } from './poll-step.js';
import { type ContainerStepInput, containerFailureStep, takeContainerStep } from './take-container-step.js';

const igFixture = fixtureReader(`${import.meta.dirname}/../instagram`);
const metaFixture = fixtureReader(import.meta.dirname);

type Call = { method: 'GET' | 'POST'; path: string; params: GraphParams };
type Answer = unknown | ((call: Call) => unknown);

// A Graph client answering from a table keyed by "METHOD path"; an Error answer is thrown.
function scriptedGraph(answers: Record<string, Answer>): GraphClient & { calls: Call[] } {
  const calls: Call[] = [];
  const send = async (
    method: Call['method'],
    url: string,
    params: GraphParams,
    schema: { parse(v: unknown): unknown },
  ) => {
    const path = url.replace('https://graph.example/v23.0/', '');
    const call = { method, path, params };
    calls.push(call);
    const answer = answers[`${method} ${path}`];
    if (answer === undefined) throw new Error(`unexpected ${method} ${path}`);
    const value = typeof answer === 'function' ? answer(call) : answer;
    if (value instanceof Error) throw value;
    return schema.parse(value);
  };
  return {
    calls,
    get: (schema, url, params) => send('GET', url, params, schema) as never,
    post: (schema, url, params) => send('POST', url, params, schema) as never,
    postJson: () => Promise.reject(new Error('the container flow sends no JSON')),
  };
}

const graphError = (name: string, status = 400) =>
  new GraphRequestError(failureFromAnswer(status, metaFixture(name), {}));
const now = new Date('2026-01-15T12:00:00.000Z');
const single: ContainerPlan = {
  children: [],
  container: { image_url: 'https://m/a.jpg', caption: 'Hi' },
  text: 'Hi',
};
const carousel: ContainerPlan = {
  children: [
    { is_carousel_item: 'true', image_url: 'https://m/a.jpg' },
    { is_carousel_item: 'true', image_url: 'https://m/b.jpg' },
  ],
  container: { media_type: 'CAROUSEL', caption: 'Hi' },
  text: 'Hi',
};
const progress = (fields: Partial<ContainerProgress> = {}) => containerProgressSchema.parse(fields);
// One step as the gateway takes it: a thrown refusal becomes the step it leads to.
const step = (graph: GraphClient, plan: ContainerPlan, handles: Partial<ContainerProgress>, at = now) => {
  const input: ContainerStepInput = {
    dialect: INSTAGRAM_DIALECT,
    graph,
    base: 'https://graph.example/v23.0',
    userId: 'u1',
    accessToken: 'tok',
    plan,
    progress: progress(handles),
    now: at,
    quotaRetryMs: 3_600_000,
    polling: META_STATUS_POLLING,
  };
  return takeContainerStep(input).catch((error: unknown) => {
    const verdict = containerFailureStep(error, input);
    if (verdict === null) throw error;
    return verdict;
  });
};
const status = (status_code: string, text?: string) => ({
  status_code,
  ...(text === undefined ? {} : { status: text }),
});
const quotaFree = { data: [{ quota_usage: 3, config: { quota_total: 50, quota_duration: 86400 } }] };

describe('takeContainerStep', () => {
  it('checks the quota, then creates the container with the token', async () => {
    const graph = scriptedGraph({
      'GET u1/content_publishing_limit': quotaFree,
      'POST u1/media': { id: 'c1' },
    });
    expect(await step(graph, single, {})).toEqual({
      kind: 'progress',
      progress: { children: [], containerId: 'c1', restarts: 0, lookups: 0 },
    });
    expect(graph.calls[1]?.params).toEqual({
      image_url: 'https://m/a.jpg',
      caption: 'Hi',
      access_token: 'tok',
    });
  });

  it('defers with the limit in the reason when the quota is used up', async () => {
    const graph = scriptedGraph({
      'GET u1/content_publishing_limit': igFixture('content-publishing-limit.json'),
    });
    expect(await step(graph, single, {})).toEqual({
      kind: 'defer',
      until: new Date('2026-01-15T13:00:00.000Z'),
      reason: expect.stringContaining("Instagram's publishing limit of 50 posts in 24 hours is reached"),
    });
  });

  it('goes on when the limit edge is not available', async () => {
    const graph = scriptedGraph({
      'GET u1/content_publishing_limit': graphError('error-100-invalid-parameter.json'),
      'POST u1/media': { id: 'c1' },
    });
    expect(await step(graph, single, {})).toMatchObject({
      kind: 'progress',
      progress: { containerId: 'c1' },
    });
  });

  it('creates carousel children one per step, then the parent once all are finished', async () => {
    const graph = scriptedGraph({
      'GET u1/content_publishing_limit': quotaFree,
      'POST u1/media': ({ params }: Call) => ({
        id: params.children === undefined ? `child-${params.image_url}` : 'parent',
      }),
      'GET child-https://m/a.jpg': status('FINISHED'),
      'GET child-https://m/b.jpg': status('FINISHED'),
    });
    const first = await step(graph, carousel, {});
    expect(first).toMatchObject({ progress: { children: ['child-https://m/a.jpg'] } });
    const second = await step(graph, carousel, { children: ['child-https://m/a.jpg'] });
    expect(second).toMatchObject({
      progress: { children: ['child-https://m/a.jpg', 'child-https://m/b.jpg'] },
    });
    const parent = await step(graph, carousel, {
      children: ['child-https://m/a.jpg', 'child-https://m/b.jpg'],
    });
    expect(parent).toMatchObject({ progress: { containerId: 'parent' } });
    expect(graph.calls.at(-1)?.params).toMatchObject({
      media_type: 'CAROUSEL',
      children: 'child-https://m/a.jpg,child-https://m/b.jpg',
    });
    expect(graph.calls.filter((call) => call.path === 'u1/content_publishing_limit')).toHaveLength(1);
  });

  it('names the slide whose child container failed', async () => {
    const graph = scriptedGraph({
      'GET k1': status('FINISHED'),
      'GET k2': igFixture('container-error.json'),
    });
    const outcome = await step(graph, carousel, { children: ['k1', 'k2'] });
    expect(outcome).toEqual({
      kind: 'failed',
      reason: expect.stringMatching(
        /^Slide 2: Instagram could not download the media \(2207052\): make sure the link is public/,
      ),
    });
  });

  it("polls at Meta's cadence: a quick look, then once a minute, and gives up after 5 minutes", async () => {
    const graph = scriptedGraph({ 'GET c1': igFixture('container-in-progress.json') });
    expect(await step(graph, single, { containerId: 'c1' })).toEqual({
      kind: 'progress',
      progress: {
        children: [],
        containerId: 'c1',
        firstPolledAt: now.toISOString(),
        restarts: 0,
        lookups: 0,
      },
      waitMs: 5_000,
    });
    const at = (ms: number) => new Date(now.getTime() + ms);
    const polled = { containerId: 'c1', firstPolledAt: now.toISOString() };
    expect(await step(graph, single, polled, at(5_000))).toMatchObject({ kind: 'progress', waitMs: 60_000 });
    // The last look falls on the limit itself.
    expect(await step(graph, single, polled, at(4.5 * 60_000))).toMatchObject({ waitMs: 30_000 });
    expect(await step(graph, single, polled, at(5 * 60_000))).toEqual({
      kind: 'failed',
      reason: expect.stringContaining('still processing the media after 5 minutes'),
    });
  });

  it('records the publish start before publishing, and publishes only after reading the status again', async () => {
    const graph = scriptedGraph({ 'GET c1': status('FINISHED'), 'POST u1/media_publish': { id: 'm1' } });
    expect(await step(graph, single, { containerId: 'c1', firstPolledAt: now.toISOString() })).toEqual({
      kind: 'progress',
      progress: {
        children: [],
        containerId: 'c1',
        publishStartedAt: now.toISOString(),
        restarts: 0,
        lookups: 0,
      },
    });
    expect(graph.calls.map((call) => call.method)).toEqual(['GET']);
    expect(
      await step(graph, single, { containerId: 'c1', publishStartedAt: now.toISOString() }),
    ).toMatchObject({
      progress: { mediaId: 'm1' },
    });
    expect(graph.calls.at(-1)).toMatchObject({ path: 'u1/media_publish', params: { creation_id: 'c1' } });
  });

  it('recovers a publish whose answer was lost instead of publishing again', async () => {
    const graph = scriptedGraph({
      'GET c1': status('PUBLISHED'),
      'GET u1/media': {
        data: [
          { id: 'm2', caption: 'Hi', permalink: 'https://ig/p/2', timestamp: '2026-01-15T12:00:03+0000' },
          { id: 'm0', caption: 'Hi', permalink: 'https://ig/p/0', timestamp: '2026-01-14T12:00:00+0000' },
        ],
      },
    });
    expect(await step(graph, single, { containerId: 'c1', publishStartedAt: now.toISOString() })).toEqual({
      kind: 'published',
      platformPostId: 'm2',
      permalink: 'https://ig/p/2',
    });
    expect(graph.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('looks again a few times, then fails without publishing, when a published container is not listed', async () => {
    const graph = scriptedGraph({ 'GET c1': status('PUBLISHED'), 'GET u1/media': { data: [] } });
    const started = { containerId: 'c1', publishStartedAt: now.toISOString() };
    expect(await step(graph, single, started)).toMatchObject({
      kind: 'progress',
      progress: { lookups: 1 },
      waitMs: 5_000,
    });
    expect(await step(graph, single, { ...started, lookups: 3 })).toEqual({
      kind: 'failed',
      reason: expect.stringContaining('check the account before scheduling it again'),
    });
  });

  it('polls when the publish call says the media is not ready', async () => {
    const graph = scriptedGraph({
      'GET c1': status('FINISHED'),
      'POST u1/media_publish': graphError('error-9007-2207027-not-ready.json'),
    });
    expect(
      await step(graph, single, { containerId: 'c1', publishStartedAt: now.toISOString() }),
    ).toMatchObject({
      kind: 'progress',
      waitMs: 5_000,
    });
  });

  // Meta's Instagram error-codes page: a container in ERROR whose subcode says "try again" or
  // "generate a new container" is replaced (the status text carries the subcode, as in
  // `container-error.json`), a limited number of times, after a minute.
  it.each([2207001, 2207003, 2207032, 2207053])(
    'makes new containers for a container in ERROR with the transient subcode %i',
    async (subcode) => {
      const graph = scriptedGraph({
        'GET c1': status('ERROR', `Error: Media upload has failed with error code ${subcode}`),
      });
      const handles = { containerId: 'c1', publishStartedAt: now.toISOString() };
      expect(await step(graph, single, handles)).toEqual({
        kind: 'progress',
        progress: { children: [], restarts: 1 },
        waitMs: 60_000,
      });
      expect(await step(graph, single, { ...handles, restarts: 2 })).toEqual({
        kind: 'failed',
        reason: expect.stringMatching(
          new RegExp(`Instagram .*\\(${subcode}\\).*3 times, with new containers`),
        ),
      });
    },
  );

  it('fails a container in ERROR for a lasting reason at once', async () => {
    const graph = scriptedGraph({ 'GET c1': igFixture('container-error.json') });
    expect(await step(graph, single, { containerId: 'c1' })).toMatchObject({
      kind: 'failed',
      reason: expect.stringContaining('could not download the media (2207052)'),
    });
  });

  it('makes a new carousel when a slide ends in ERROR with a transient subcode', async () => {
    const graph = scriptedGraph({
      'GET k1': status('FINISHED'),
      'GET k2': status('ERROR', 'Error: Media upload has failed with error code 2207001'),
    });
    expect(await step(graph, carousel, { children: ['k1', 'k2'] })).toEqual({
      kind: 'progress',
      progress: { children: [], restarts: 1 },
      waitMs: 60_000,
    });
  });

  it("sends the publish again after Instagram's temporary 2207008, twice, then makes a new container", async () => {
    const graph = scriptedGraph({
      'GET c1': status('FINISHED'),
      'POST u1/media_publish': new GraphRequestError(
        failureFromAnswer(400, documentedErrorBody(INSTAGRAM_ERROR_CODES.temporaryPublishError), {}),
      ),
    });
    const handles = { containerId: 'c1', publishStartedAt: now.toISOString() };
    expect(await step(graph, single, handles)).toEqual({
      kind: 'progress',
      progress: { ...progress(handles), publishAgain: 1 },
      waitMs: 60_000,
    });
    expect(await step(graph, single, { ...handles, publishAgain: 1 })).toMatchObject({
      progress: { publishAgain: 2 },
      waitMs: 60_000,
    });
    expect(await step(graph, single, { ...handles, publishAgain: 2 })).toEqual({
      kind: 'progress',
      progress: { children: [], restarts: 1 },
      waitMs: 60_000,
    });
  });

  it('fails a publish Instagram suspects of spam without sending it again', async () => {
    const graph = scriptedGraph({
      'GET c1': status('FINISHED'),
      'POST u1/media_publish': new GraphRequestError(
        failureFromAnswer(400, documentedErrorBody(INSTAGRAM_ERROR_CODES.suspectedSpam), {}),
      ),
    });
    const handles = { containerId: 'c1', publishStartedAt: now.toISOString() };
    expect(await step(graph, single, handles)).toMatchObject({
      kind: 'failed',
      reason: expect.stringContaining('suspected spam (2207051)'),
    });
    expect(graph.calls.filter((c) => c.path === 'u1/media_publish')).toHaveLength(1);
  });

  it('defers when the publish call reports the daily limit', async () => {
    const graph = scriptedGraph({
      'GET c1': status('FINISHED'),
      'POST u1/media_publish': graphError('error-9-2207042-publish-limit.json', 403),
    });
    expect(
      await step(graph, single, { containerId: 'c1', publishStartedAt: now.toISOString() }),
    ).toMatchObject({ kind: 'defer' });
  });

  it('starts over with no handles when a container expired, a limited number of times', async () => {
    const graph = scriptedGraph({ 'GET c1': status('EXPIRED'), 'GET k1': status('EXPIRED') });
    const handles = { children: ['k1', 'k2'], containerId: 'c1', publishStartedAt: now.toISOString() };
    expect(await step(graph, carousel, handles)).toEqual({
      kind: 'progress',
      progress: { children: [], restarts: 1 },
    });
    expect(await step(graph, carousel, { children: ['k1', 'k2'] })).toEqual({
      kind: 'progress',
      progress: { children: [], restarts: 1 },
    });
    expect(await step(graph, carousel, { ...handles, restarts: 2 })).toMatchObject({ kind: 'failed' });
  });

  it('reads the permalink, and settles for none rather than failing a live post', async () => {
    const ok = scriptedGraph({ 'GET m1': { id: 'm1', permalink: 'https://ig/p/1' } });
    expect(await step(ok, single, { mediaId: 'm1' })).toEqual({
      kind: 'published',
      platformPostId: 'm1',
      permalink: 'https://ig/p/1',
    });
    const down = scriptedGraph({ 'GET m1': graphError('error-2-service.json', 500) });
    expect(await step(down, single, { mediaId: 'm1' })).toMatchObject({
      kind: 'progress',
      progress: { lookups: 1 },
    });
    expect(await step(down, single, { mediaId: 'm1', lookups: 3 })).toEqual({
      kind: 'published',
      platformPostId: 'm1',
      permalink: null,
    });
    const expired = scriptedGraph({ 'GET m1': graphError('error-190-463-expired.json') });
    expect(await step(expired, single, { mediaId: 'm1' })).toEqual({ kind: 'token_expired' });
  });
});
