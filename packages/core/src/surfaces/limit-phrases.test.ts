import { describe, expect, it } from 'vitest';
import { LIMIT_PHRASES } from './limit-phrases.js';

describe('LIMIT_PHRASES', () => {
  it('words the default limits as the surfaces state them', () => {
    expect(LIMIT_PHRASES).toEqual({
      maxMediaItems: 35,
      captionMax: '2,200',
      maxFile: '50 MB',
      mediaTypes: 'JPEG, PNG, WebP, GIF, MP4, MOV, WebM',
      restoreWindow: '30 days',
      repeatWindow: '48 hours',
      titleRule: 'Required for youtube (max 100) and tiktok (max 150).',
      webhookDisableAfter: 'three days',
      webhookSecretOverlap: '24 hours',
      legacyTokenHours: 24,
    });
  });
});
