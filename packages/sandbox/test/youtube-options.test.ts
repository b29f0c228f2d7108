import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Answer, connectYouTube, send, useSandbox } from './sandbox-harness.js';

const h = useSandbox();
const UPLOAD_SCOPES =
  'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly';
const FORCE_SSL = 'https://www.googleapis.com/auth/youtube.force-ssl';

const reasonOf = (answer: Answer) => answer.body?.error?.errors?.[0]?.reason;

/** A channel connected with `scope`, and the calls a YouTube client makes. */
async function channel(handle: string, scope = `${UPLOAD_SCOPES} ${FORCE_SSL}`) {
  const yt = await connectYouTube(h, handle, scope);
  const auth = { authorization: `Bearer ${yt.accessToken}` };
  const api = h.hosts.youtube.api;
  return {
    ...yt,
    start: (resource: unknown, query = '') =>
      send(`${api}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status${query}`, {
        method: 'POST',
        headers: {
          ...auth,
          'content-type': 'application/json; charset=UTF-8',
          'x-upload-content-length': '1000',
          'x-upload-content-type': 'video/mp4',
        },
        body: JSON.stringify(resource),
      }),
    /** Uploads 1000 bytes through a new session; the video id. */
    async upload(resource: unknown, query = ''): Promise<string> {
      const started = await this.start(resource, query);
      expect(started.status, started.text).toBe(200);
      const done = await send(started.headers.get('location') ?? '', {
        method: 'PUT',
        headers: { 'content-type': 'video/mp4' },
        body: randomBytes(1000),
      });
      expect(done.status, done.text).toBe(200);
      return done.body.id;
    },
    items: (playlistId: string, videoId?: string) =>
      h.get(
        `${api}/youtube/v3/playlistItems`,
        { part: 'id,snippet', playlistId, ...(videoId === undefined ? {} : { videoId }) },
        auth,
      ),
    insert: (body: unknown) =>
      send(`${api}/youtube/v3/playlistItems?part=snippet`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  };
}

const resource = (snippet: object = {}, status: object = {}) => ({
  snippet: { title: 'A Short', description: 'Made here', categoryId: '22', ...snippet },
  status: { privacyStatus: 'public', selfDeclaredMadeForKids: false, ...status },
});
const item = (playlistId: string, videoId: string) => ({
  snippet: { playlistId, resourceId: { kind: 'youtube#video', videoId } },
});

describe('YouTube upload settings', () => {
  it('stores what an upload declared, for a test to read back', async () => {
    const c = await channel('options_all');
    const id = await c.upload(
      resource(
        { categoryId: '10', tags: ['music', 'live set'], defaultLanguage: 'pt-BR' },
        { privacyStatus: 'unlisted', selfDeclaredMadeForKids: true },
      ),
      '&notifySubscribers=false',
    );
    expect(h.sandbox.control.youtubeVideo(id)).toMatchObject({
      snippet: { categoryId: '10', tags: ['music', 'live set'], defaultLanguage: 'pt-BR' },
      settings: { privacyStatus: 'unlisted', selfDeclaredMadeForKids: true },
      notifySubscribers: false,
      playlistIds: [],
    });
  });

  it('notifies subscribers unless told not to (Google default: true)', async () => {
    const c = await channel('options_notify');
    const id = await c.upload(resource());
    expect(h.sandbox.control.youtubeVideo(id)?.notifySubscribers).toBe(true);
  });

  it.each([
    ['a category YouTube does not assign', resource({ categoryId: '99' }), '', 'invalidCategoryId'],
    [
      'tags over 500 characters as YouTube counts them',
      resource({ tags: ['a b'.repeat(100), 'c'.repeat(199)] }),
      '',
      'invalidTags',
    ],
    ['a tag with <', resource({ tags: ['<b>'] }), '', 'invalidTags'],
    ['an empty tag', resource({ tags: [''] }), '', 'invalidTags'],
    [
      'a default language that is no language tag',
      resource({ defaultLanguage: 'English' }),
      '',
      'invalidVideoMetadata',
    ],
    [
      'a made-for-kids flag that is no boolean',
      resource({}, { selfDeclaredMadeForKids: 'no' }),
      '',
      'invalidVideoMetadata',
    ],
    ['notifySubscribers that is no boolean', resource(), '&notifySubscribers=maybe', 'invalidParameter'],
  ])('refuses %s', async (_what, body, query, reason) => {
    const c = await channel(`options_refused_${reason}`);
    const answer = await c.start(body, query);
    expect(answer.status).toBe(400);
    expect(reasonOf(answer)).toBe(reason);
  });

  it('counts 500 characters of tags as allowed, quotes around spaced tags included', async () => {
    const c = await channel('options_tags');
    // 98 characters and its quotes, a comma, then 399: exactly 500.
    const answer = await c.start(
      resource({ tags: [`${'a'.repeat(48)} ${'b'.repeat(49)}`, 'c'.repeat(399)] }),
    );
    expect(answer.status, answer.text).toBe(200);
  });
});

describe('YouTube playlist items', () => {
  it('lists nothing, inserts the video, then finds it by videoId; a second insert duplicates it as on YouTube', async () => {
    const c = await channel('playlist_owner');
    const playlistId = h.sandbox.control.createYouTubePlaylist(c.channelId, 'Shorts');
    const videoId = await c.upload(resource());
    expect((await c.items(playlistId, videoId)).body.items).toEqual([]);

    const inserted = await c.insert(item(playlistId, videoId));
    expect(inserted.status, inserted.text).toBe(200);
    expect(inserted.body).toMatchObject({
      kind: 'youtube#playlistItem',
      snippet: { playlistId, position: 0, resourceId: { kind: 'youtube#video', videoId } },
    });
    expect((await c.items(playlistId, videoId)).body.items).toHaveLength(1);
    expect(h.sandbox.control.youtubeVideo(videoId)?.playlistIds).toEqual([playlistId]);

    await c.insert(item(playlistId, videoId));
    expect(h.sandbox.control.youtubeVideo(videoId)?.playlistIds).toEqual([playlistId, playlistId]);
  });

  it('refuses a connection with only the upload scopes (insufficientPermissions)', async () => {
    const c = await channel('playlist_upload_only', UPLOAD_SCOPES);
    const playlistId = h.sandbox.control.createYouTubePlaylist(c.channelId);
    const videoId = await c.upload(resource());
    const answer = await c.insert(item(playlistId, videoId));
    expect(answer.status).toBe(403);
    expect(reasonOf(answer)).toBe('insufficientPermissions');
  });

  it("refuses an unknown playlist, another channel's playlist and an unknown video", async () => {
    const c = await channel('playlist_refusals');
    const other = await channel('playlist_other');
    const theirs = h.sandbox.control.createYouTubePlaylist(other.channelId);
    const mine = h.sandbox.control.createYouTubePlaylist(c.channelId);
    const videoId = await c.upload(resource());
    const unknown = await c.insert(item('PLnothing', videoId));
    expect([unknown.status, reasonOf(unknown)]).toEqual([404, 'playlistNotFound']);
    const foreign = await c.insert(item(theirs, videoId));
    expect([foreign.status, reasonOf(foreign)]).toEqual([404, 'playlistNotFound']);
    const noVideo = await c.insert(item(mine, 'nosuchvideo'));
    expect([noVideo.status, reasonOf(noVideo)]).toEqual([404, 'videoNotFound']);
  });
});
