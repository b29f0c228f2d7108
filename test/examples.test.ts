import { describe, expect, it } from 'vitest';
import { scheduleInMemory } from '../examples/embed-core/src/schedule-in-memory.js';
import { checkPayload } from '../examples/policy-check/src/check-posts.js';

describe('examples', () => {
  it('embed-core schedules a post through the core and reads it back', async () => {
    const outcome = await scheduleInMemory();
    expect('post' in outcome && outcome.post).toMatchObject({
      status: 'scheduled',
      platforms: ['threads'],
      caption: 'Hello from an embedded core',
    });
  });

  it('policy-check passes a good payload and fails a bad one with every finding', () => {
    expect(checkPayload({ platforms: ['threads'], caption: 'Launch day!' }).ok).toBe(true);
    const bad = checkPayload({ platforms: ['instagram', 'youtube'], caption: 'x'.repeat(2300) });
    expect(bad.ok).toBe(false);
    expect(bad.errors.map((e) => e.code)).toEqual(
      expect.arrayContaining(['caption_too_long', 'media_required', 'title_required']),
    );
    expect(checkPayload({ platforms: ['myspace'] }).errors[0]?.code).toBe('unsupported_platform');
  });
});
