import { nextFreeSlots, type PostingSchedule, WEEKDAYS } from '@svc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// Issue 35: drafts saved for the queue over REST, approved by the operator, on a started server
// on a SQLite file: each approval takes the account's next free slot.
const SLOTS: PostingSchedule = {
  timeZone: 'Europe/Paris',
  slots: WEEKDAYS.flatMap((day) => [
    { day, time: '09:30' },
    { day, time: '17:00' },
  ]),
};

describe('queued drafts through a started server on SQLite', () => {
  let server: SandboxServer;
  let key: string;
  let threads: string;

  beforeAll(async () => {
    server = await startSandboxServer({ SVC_PUBLISHER: 'off' });
    const seeded = await seedUser(server, ['threads']);
    key = seeded.key;
    threads = seeded.accounts.threads ?? '';
  }, 60_000);
  afterAll(() => server?.close());

  const queuedDraft = async (caption: string) => {
    const saved = await server.call('/api/v1/drafts', key, {
      method: 'POST',
      json: { caption, profileIds: [threads], queue: true },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    return saved.body;
  };
  const askReview = (postId: string) =>
    server.call(`/api/v1/posts/${postId}/approval`, key, { method: 'POST', json: {} });

  it('saves a queued draft, refuses queue with a time, and will not send it for review without slots', async () => {
    const draft = await queuedDraft('Sourdough is back');
    expect(draft).toMatchObject({ status: 'draft', queued: true, scheduledTime: null });
    expect((await server.call(`/api/v1/posts/${draft.id}`, key)).body.queued).toBe(true);
    const both = await server.call('/api/v1/drafts', key, {
      method: 'POST',
      json: { caption: 'x', queue: true, scheduledTime: '2031-01-01T09:00:00Z' },
    });
    expect(both).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', details: { field: 'queue' } },
    });
    const refused = await askReview(draft.id);
    expect(refused).toMatchObject({ status: 409, body: { code: 'no_posting_slots' } });
  });

  it('two queued drafts approved at once take two distinct next free slots, shown in the queue', async () => {
    expect(
      (await server.call(`/api/v1/connections/${threads}/slots`, key, { method: 'PUT', json: SLOTS })).status,
    ).toBe(200);
    const drafts = [await queuedDraft('Rye on Monday'), await queuedDraft('Spelt on Tuesday')];
    for (const draft of drafts) expect((await askReview(draft.id)).status).toBe(201);
    const before = new Date();
    const decided = await Promise.all(
      drafts.map((d) => server.cli(['approvals', 'decide', d.id, '--approve'])),
    );
    for (const outcome of decided) expect(outcome.code, outcome.stderr).toBe(0);
    const times = decided.map((d) => d.json.posts[0].scheduledTime as string);
    const expected = nextFreeSlots(SLOTS, before, 2, [], 250)
      ._unsafeUnwrap()
      .map((d) => d.toISOString());
    expect([...times].sort()).toEqual(expected);
    for (const [i, draft] of drafts.entries()) {
      expect(decided[i]?.json).toMatchObject({
        postStatus: 'scheduled',
        posts: [{ id: draft.id, profileId: threads, scheduledTime: times[i] }],
      });
      expect((await server.call(`/api/v1/posts/${draft.id}`, key)).body).toMatchObject({
        status: 'scheduled',
        queued: false,
        scheduledTime: times[i],
      });
    }
    const queue = (await server.call(`/api/v1/queue?profileId=${threads}`, key)).body.items;
    expect(queue.map((i: { scheduledTime: string }) => i.scheduledTime)).toEqual(expected);
  });

  it('refuses the approval with no_posting_slots when the slots are gone, leaving the draft awaiting review', async () => {
    const draft = await queuedDraft('Croissants on Sunday');
    expect((await askReview(draft.id)).status).toBe(201);
    await server.call(`/api/v1/connections/${threads}/slots`, key, {
      method: 'PUT',
      json: { timeZone: 'Europe/Paris', slots: [] },
    });
    const refused = await server.cli(['approvals', 'decide', draft.id, '--approve']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('no posting slots');
    expect((await server.call(`/api/v1/posts/${draft.id}/approval`, key)).body.status).toBe(
      'awaiting_review',
    );
    expect((await server.call(`/api/v1/posts/${draft.id}`, key)).body).toMatchObject({
      status: 'pending_approval',
      queued: true,
    });
  });
});
