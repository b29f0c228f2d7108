import { describe, expect, it } from 'vitest';
import { TOOL_LIMITS } from './tool-limits.js';

describe('TOOL_LIMITS', () => {
  it('words the default limits as the tool descriptions state them', () => {
    expect(TOOL_LIMITS).toEqual({
      maxMediaItems: 35,
      captionMax: '2,200',
      maxFile: '50 MB',
      mediaTypes: 'JPEG, PNG, WebP, GIF, MP4, MOV, WebM',
      restoreWindow: '30 days',
      repeatWindow: '48 hours',
      titleRule: 'Required for youtube (max 100) and tiktok (max 150).',
    });
  });
});
