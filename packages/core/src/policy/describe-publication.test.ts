import { describe, expect, it } from 'vitest';
import type { Platform } from '../kernel/index.js';
import { aMediaAsset } from '../testing/builders.js';
import { describePublication as describeOn } from './describe-publication.js';
import { DEFAULT_POLICY_CONFIG } from './platform-limits.js';

const describePublication = (platform: Platform, slides: readonly { contentType: string }[]) =>
  describeOn(platform, slides, DEFAULT_POLICY_CONFIG.platforms[platform]);

const video = aMediaAsset('user_1', { contentType: 'video/mp4', durationMs: 10_000 });
const photo = aMediaAsset('user_1', { contentType: 'image/jpeg' });

describe('describePublication', () => {
  it('makes several Instagram slides a carousel even when slide 1 is a video', () => {
    expect(describePublication('instagram', [video, photo, photo])).toMatchObject({
      format: 'carousel',
      slides: 3,
    });
    expect(describePublication('instagram', [video])).toMatchObject({ format: 'reel', slides: 1 });
    expect(describePublication('instagram', [photo])).toMatchObject({ format: 'photo', slides: 1 });
  });

  it('says what the other platforms publish', () => {
    expect(describePublication('tiktok', [photo, photo]).description).toBe('a 2-photo TikTok photo set');
    expect(describePublication('youtube', [video]).format).toBe('short');
    expect(describePublication('threads', [photo, video]).description).toContain('first slide only');
    expect(describePublication('facebook', []).format).toBe('text');
    // No text post on Instagram: what will publish says what is missing, as the checks do.
    expect(describePublication('instagram', [])).toMatchObject({
      format: 'none',
      description: 'nothing yet: Instagram needs a photo or video',
    });
    expect(describePublication('facebook', [video]).format).toBe('reel');
  });
});
