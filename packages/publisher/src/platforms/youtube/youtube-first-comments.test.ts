import type { FirstCommentJob } from '@svc/core';
import { anAccount, createFakeClock } from '@svc/core/testing';
import { describe, expect, it } from 'vitest';
import type { GoogleClient, GoogleRequest } from './google-client.js';
import { GoogleRequestError } from './google-failure.js';
import { COMMENT_SCOPE, createYouTubeFirstComments } from './youtube-first-comments.js';

function fakeGoogle(answers: unknown[]): { google: GoogleClient; sent: GoogleRequest[] } {
  const sent: GoogleRequest[] = [];
  const google: GoogleClient = {
    send: () => Promise.reject(new Error('not used')),
    json: (schema, request) => {
      sent.push(request);
      const answer = answers.shift();
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(schema.parse(answer));
    },
  };
  return { google, sent };
}

const clock = createFakeClock();
const API = 'https://www.googleapis.com';
const job = (credentials: Record<string, unknown>): FirstCommentJob => ({
  account: anAccount('user_1', { platform: 'youtube', platformAccountId: 'UC1' }),
  credentials: { accessToken: 'tok', refreshToken: 'r', channelId: 'UC1', ...credentials },
  targetId: 'vid1',
  text: 'Full video: https://example.com',
});

describe('YouTube first comment', () => {
  it('is commentThreads.insert with snippet.videoId and topLevelComment.snippet.textOriginal', async () => {
    const { google, sent } = fakeGoogle([{ id: 'Ug1', snippet: { topLevelComment: { id: 'Ug1' } } }]);
    const comments = createYouTubeFirstComments({ google, api: API, clock });
    expect(await comments.post(job({ scope: `a ${COMMENT_SCOPE}` }))).toEqual({
      kind: 'posted',
      commentId: 'Ug1',
    });
    expect(sent).toEqual([
      {
        method: 'POST',
        url: `${API}/youtube/v3/commentThreads`,
        searchParams: { part: 'snippet' },
        headers: { authorization: 'Bearer tok' },
        json: {
          snippet: {
            videoId: 'vid1',
            topLevelComment: { snippet: { textOriginal: 'Full video: https://example.com' } },
          },
        },
      },
    ]);
  });

  it('is skipped without a call when the recorded grant lacks youtube.force-ssl', async () => {
    const { google, sent } = fakeGoogle([]);
    const comments = createYouTubeFirstComments({ google, api: API, clock });
    const answer = await comments.post(job({ scope: 'https://www.googleapis.com/auth/youtube.upload' }));
    expect(answer).toMatchObject({ kind: 'skipped', reason: expect.stringContaining('youtube.force-ssl') });
    expect(sent).toEqual([]);
  });

  it('is skipped when Google answers insufficientPermissions to an account connected before grants were kept', async () => {
    const refused = new GoogleRequestError({
      status: 403,
      reason: 'insufficientPermissions',
      domain: 'global',
      message: 'Request had insufficient authentication scopes.',
      detail: 'HTTP 403',
    });
    const { google } = fakeGoogle([refused]);
    const comments = createYouTubeFirstComments({ google, api: API, clock });
    expect(await comments.post(job({}))).toMatchObject({ kind: 'skipped' });
  });

  it("finds the channel's own comment after a lost answer", async () => {
    const own = (id: string, text: string, channel: string) => ({
      id,
      snippet: {
        topLevelComment: { id, snippet: { textOriginal: text, authorChannelId: { value: channel } } },
      },
    });
    const { google, sent } = fakeGoogle([
      {
        items: [
          own('Ug9', 'Full video: https://example.com', 'UCother'),
          own('Ug2', 'Full video: https://example.com', 'UC1'),
        ],
      },
    ]);
    const comments = createYouTubeFirstComments({ google, api: API, clock });
    expect(await comments.find({ ...job({}), since: clock.now() })).toEqual({
      kind: 'found',
      commentId: 'Ug2',
    });
    expect(sent[0]?.searchParams).toEqual({ part: 'snippet', videoId: 'vid1', maxResults: '100' });
  });
});
