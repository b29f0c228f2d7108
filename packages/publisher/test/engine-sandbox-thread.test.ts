import { type MediaRef, threadView } from '@svc/core';
import type { SandboxPublication } from '@svc/sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { createThreadsGateway } from '../src/index.js';
import { closeEngineWorlds, startEngineWorld } from './engine-world.js';
import { sandboxApp } from './platforms/sandbox-harness.js';

// A Threads reply chain (`platformMeta.threads.thread`) through the real engine, adapter and
// simulator: each part published once, in order, as a reply to the one before, with the post's
// reply control; a failed part never fails the post.
afterEach(closeEngineWorlds);

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096, 1)]);
const PHOTO = { contentType: 'image/jpeg', width: 1080, height: 1350, durationMs: null } as const;

async function world() {
  const w = await startEngineWorld({
    platform: 'threads',
    handle: 'thread_shop',
    gateway: (h) => createThreadsGateway(sandboxApp(h, 'threads')),
  });
  const schedule = (caption: string, threads: Record<string, unknown>) =>
    w.schedule({ caption, media: [], platformMeta: { threads } });
  return { ...w, schedule };
}

// The chain under `rootId` as the simulator holds it: each time the author's own reply to the last.
function chainUnder(published: readonly SandboxPublication[], rootId: string): SandboxPublication[] {
  const chain: SandboxPublication[] = [];
  let at = rootId;
  for (;;) {
    const next = published.find((p) => p.replyTo === at);
    if (next === undefined) return chain;
    chain.push(next);
    at = next.id;
  }
}

describe('Threads reply chain', () => {
  it('publishes every part once, in order, each replying to the one before, with the reply control', async () => {
    const w = await world();
    const photo = (await w.storeAsset(JPEG, PHOTO)) as Extract<MediaRef, { kind: 'asset' }>;
    const id = await w.schedule('1/ The launch', {
      replyControl: 'accounts_you_follow',
      thread: [
        { caption: '2/ What is new' },
        { caption: '3/ The picture', mediaIds: [photo.mediaId] },
        { caption: '4/ Thanks for reading' },
      ],
    });
    const post = await w.publish(id, 60);
    expect(post.status, post.failedReason ?? '').toBe('posted');
    const published = w.h.sandbox.control.published('threads');
    expect(published).toHaveLength(4);
    const root = published.find((p) => p.replyTo === undefined);
    expect(root?.id).toBe(post.platformPostId);
    const chain = chainUnder(published, post.platformPostId ?? '');
    expect(chain.map((p) => p.caption)).toEqual([
      '2/ What is new',
      '3/ The picture',
      '4/ Thanks for reading',
    ]);
    expect(chain[1]?.kind).toBe('IMAGE');
    expect([root, ...chain].map((p) => p?.replyControl)).toEqual(Array(4).fill('accounts_you_follow'));
    expect(threadView(post)).toEqual(
      chain.map((p) => ({ status: 'posted', id: p.id, permalink: p.permalink, error: null })),
    );
    // The post's public page shows the chain in order.
    const html = await (await fetch(post.permalink ?? '')).text();
    const thread = html.slice(html.indexOf('id="thread"'));
    expect(thread.indexOf('2/ What is new')).toBeLessThan(thread.indexOf('3/ The picture'));
    expect(thread.indexOf('3/ The picture')).toBeLessThan(thread.indexOf('4/ Thanks for reading'));
  });

  it('a part whose publish answer was lost is found among the replies, not sent again', async () => {
    const w = await world();
    let lost = false;
    w.h.sandbox.control.intercept((call, phase) => {
      // The second publish is the first part's: its answer is lost after it went through.
      if (call.operation !== 'threads.publish' || phase !== 'after' || lost) return;
      if (w.h.sandbox.control.published('threads').length < 2) return;
      lost = true;
      throw new Error('connection lost after the part was published');
    });
    const id = await w.schedule('Root', { thread: [{ caption: 'Part A' }, { caption: 'Part B' }] });
    const post = await w.publish(id, 60);
    expect(lost).toBe(true);
    expect(post.status, post.failedReason ?? '').toBe('posted');
    const published = w.h.sandbox.control.published('threads');
    expect(published.map((p) => p.caption)).toEqual(['Root', 'Part A', 'Part B']);
    expect(chainUnder(published, post.platformPostId ?? '').map((p) => p.caption)).toEqual([
      'Part A',
      'Part B',
    ]);
    expect(threadView(post)?.map((part) => part.status)).toEqual(['posted', 'posted']);
  });

  it('a part the platform refuses fails alone: later parts are skipped, the post stays published', async () => {
    const w = await world();
    // Over Threads' 500 characters: the policy would refuse it, the simulator refuses it here.
    const id = await w.schedule('Root', {
      thread: [{ caption: 'Fine' }, { caption: 'x'.repeat(600) }, { caption: 'Never sent' }],
    });
    const post = await w.publish(id, 60);
    expect(post.status).toBe('posted');
    expect(threadView(post)).toEqual([
      { status: 'posted', id: expect.any(String), permalink: expect.any(String), error: null },
      { status: 'failed', id: null, permalink: null, error: expect.stringContaining('500') },
      {
        status: 'skipped',
        id: null,
        permalink: null,
        error: 'Part 2 was not published, so the chain stops there.',
      },
    ]);
    expect(w.h.sandbox.control.published('threads').map((p) => p.caption)).toEqual(['Root', 'Fine']);
  });

  it('with a first comment too: the chain goes first, then the comment under the post', async () => {
    const w = await world();
    const id = await w.schedule('Root', { thread: [{ caption: 'Part A' }], firstComment: 'Link in bio' });
    const post = await w.publish(id, 60);
    expect(post.status, post.failedReason ?? '').toBe('posted');
    expect(post.firstComment).toMatchObject({ status: 'posted' });
    const published = w.h.sandbox.control.published('threads');
    expect(published.map((p) => [p.caption, p.replyTo])).toEqual([
      ['Root', undefined],
      ['Part A', post.platformPostId],
      ['Link in bio', post.platformPostId],
    ]);
  });
});
