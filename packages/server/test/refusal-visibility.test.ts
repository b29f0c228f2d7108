import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// Issue 30: refusals named posts a key limited to some accounts cannot read (`media_in_use` listed
// every post holding the asset). Through a started server, a key limited to the Instagram account
// meets posts of the Threads account, made by the owner's unlimited key: every refusal lists only
// what the limited key can read, and counts the others without their ids.
const JPEG = readFileSync(join(import.meta.dirname, '../../media/test/fixtures/image.jpg'));
const LATER = '2031-06-01T09:00:00Z';

describe('refusals name only the posts the key can read', () => {
  let server: SandboxServer;
  let owner: string;
  let limited: string;
  let accounts: Record<string, string>;

  beforeAll(async () => {
    server = await startSandboxServer();
    const seeded = await seedUser(server, ['instagram', 'threads']);
    owner = seeded.key;
    accounts = seeded.accounts;
    const created = await server.cli([
      'keys',
      'create',
      '--email',
      'ann@example.com',
      '--scopes',
      '*',
      '--accounts',
      accounts.instagram ?? '',
    ]);
    expect(created.code, created.stderr).toBe(0);
    limited = created.json.key;
  }, 60_000);
  afterAll(() => server?.close());

  const schedule = async (key: string, body: Record<string, unknown>) => {
    const res = await server.call('/api/v1/posts', key, { method: 'POST', json: body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.postIds as string[];
  };
  const unreadable = async (postId: string) =>
    expect((await server.call(`/api/v1/posts/${postId}`, limited)).status).toBe(404);

  it('media_in_use lists the posts on the key’s accounts and only counts the others', async () => {
    const media = await server.upload(owner, JPEG, 'shared.jpg');
    const [elsewhere] = await schedule(owner, {
      platforms: ['threads'],
      profileIds: [accounts.threads],
      caption: 'On Threads only',
      mediaIds: [media],
      scheduledTime: LATER,
    });
    await unreadable(elsewhere ?? '');
    const [mine] = await schedule(limited, {
      platforms: ['instagram'],
      profileIds: [accounts.instagram],
      caption: 'On Instagram',
      mediaIds: [media],
      scheduledTime: LATER,
    });

    const refused = await server.call(`/api/v1/media/${media}`, limited, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('media_in_use');
    expect(refused.body.details).toEqual({ mediaId: media, postIds: [mine], hiddenPostCount: 1 });
    expect(JSON.stringify(refused.body)).not.toContain(elsewhere);

    // The owner's unlimited key reads both, so it is told both.
    const full = await server.call(`/api/v1/media/${media}`, owner, { method: 'DELETE' });
    expect(full.body.details).toEqual({
      mediaId: media,
      postIds: [mine, elsewhere].sort(),
      hiddenPostCount: 0,
    });
  });

  it('an externalId used on other accounts is a conflict that names none of their posts', async () => {
    const payload = {
      platforms: ['threads'],
      profileIds: [accounts.threads],
      caption: 'Keyed on Threads',
      scheduledTime: LATER,
      externalId: 'campaign-7',
    };
    const [keyed] = await schedule(owner, payload);
    await unreadable(keyed ?? '');

    // Other content under the same key: refused, without the other account's post.
    const other = await server.call('/api/v1/posts', limited, {
      method: 'POST',
      json: { ...payload, platforms: ['instagram'], profileIds: [accounts.instagram] },
    });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('idempotency_conflict');
    expect(other.body.details).toEqual({ externalId: 'campaign-7', postIds: [], hiddenPostCount: 1 });
    expect(JSON.stringify(other.body)).not.toContain(keyed);

    // The very same payload is no replay for this key: a replay would hand over the post's id.
    const same = await server.call('/api/v1/posts', limited, { method: 'POST', json: payload });
    expect(same.status).toBe(409);
    expect(same.body.code).toBe('idempotency_conflict');
    expect(JSON.stringify(same.body)).not.toContain(keyed);

    // The key that can read them still gets its replay.
    const replay = await server.call('/api/v1/posts', owner, { method: 'POST', json: payload });
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ replayed: true, postIds: [keyed] });
  });

  it('account_has_scheduled_posts leaves out a post the key cannot read', async () => {
    const draft = await server.call('/api/v1/drafts', owner, {
      method: 'POST',
      json: {
        caption: 'For both accounts',
        profileIds: [accounts.instagram, accounts.threads],
        mediaIds: [await server.upload(owner, JPEG, 'both.jpg')],
        scheduledTime: LATER,
      },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const asked = await server.call(`/api/v1/posts/${draft.body.id}/approval`, owner, { method: 'POST' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    await unreadable(draft.body.id);

    const refused = await server.call(`/api/v1/connections/${accounts.instagram}`, limited, {
      method: 'DELETE',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('account_has_scheduled_posts');
    expect(refused.body.details.postIds).not.toContain(draft.body.id);
    expect(refused.body.details.hiddenPostCount).toBeGreaterThanOrEqual(1);
    expect(refused.body.error).not.toContain(draft.body.id);
  });
});
