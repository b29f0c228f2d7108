import { describe, expect, it } from 'vitest';
import { validatePostPayload } from './validate-post-payload.js';

describe('validatePostPayload', () => {
  it('passes a valid payload and reports warnings', () => {
    const result = validatePostPayload({
      platforms: ['instagram'],
      caption: 'See https://shop.example/x',
      mediaUrls: ['https://a.example/1.jpg'],
    });
    expect(result.ok).toBe(true);
    expect(result.warnings.map((w) => w.code)).toEqual(['link_not_clickable']);
  });

  it('reports every policy error, counting media links without fetching them', () => {
    const result = validatePostPayload({ platforms: ['instagram', 'youtube'], caption: 'x'.repeat(2300) });
    expect(result.errors.map((e) => e.code)).toEqual(
      expect.arrayContaining(['caption_too_long', 'media_required', 'title_required']),
    );
    const eleven = Array.from({ length: 11 }, (_, i) => `https://a.example/${i}.jpg`);
    expect(
      validatePostPayload({ platforms: ['instagram'], mediaUrls: eleven }).errors.map((e) => e.code),
    ).toEqual(['too_many_slides']);
  });

  it('turns a payload that does not parse into a single error with its field', () => {
    expect(validatePostPayload({ platforms: ['instagram'], scheduledTime: 'soon' })).toEqual({
      ok: false,
      errors: [
        {
          code: 'invalid_scheduled_time',
          message: expect.any(String),
          severity: 'error',
          platform: null,
          field: 'scheduledTime',
        },
      ],
      warnings: [],
    });
    expect(validatePostPayload('text').errors[0]?.code).toBe('validation_failed');
  });
});
