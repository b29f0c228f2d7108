import { describe, expect, it } from 'vitest';
import { aPost } from '../testing/builders.js';
import { editedParts, postEditedEvents } from './post-edited-event.js';

describe('post.edited', () => {
  const at = new Date('2026-05-01T10:00:00Z');
  const post = aPost('user_1', 'acct_1', {
    caption: 'Hello',
    title: null,
    scheduledTime: new Date('2026-05-02T09:00:00Z'),
  });

  it('names each changed part and, for a move, the time from and to; never the caption', () => {
    const next = { ...post, caption: 'Hello there', scheduledTime: new Date('2026-05-03T14:30:00Z') };
    const [event] = postEditedEvents(post, next, at);
    expect(event).toEqual({
      type: 'post.edited',
      at,
      ownerId: 'user_1',
      subjectId: post.id,
      data: {
        platform: post.platforms[0],
        profileId: 'acct_1',
        changed: 'caption,time',
        scheduledTimeFrom: '2026-05-02T09:00:00.000Z',
        scheduledTimeTo: '2026-05-03T14:30:00.000Z',
      },
    });
    expect(JSON.stringify(event)).not.toContain('Hello there');
  });

  it('leaves the times out when the post did not move, and records nothing when nothing changed', () => {
    const titled = postEditedEvents(post, { ...post, title: 'New' }, at);
    expect(titled[0]?.data).toMatchObject({
      changed: 'title',
      scheduledTimeFrom: null,
      scheduledTimeTo: null,
    });
    expect(postEditedEvents(post, { ...post, updatedAt: at }, at)).toEqual([]);
    const media = { ...post, media: [{ kind: 'asset' as const, mediaId: 'media_1' }] };
    expect(editedParts(post, media)).toEqual(['media']);
    expect(editedParts(post, { ...post, profileIds: ['acct_2'] })).toEqual(['accounts']);
  });
});
