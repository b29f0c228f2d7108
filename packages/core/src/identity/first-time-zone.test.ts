import { describe, expect, it } from 'vitest';
import { decideFirstTimeZone } from './first-time-zone.js';

describe('decideFirstTimeZone', () => {
  it("adopts the browser's zone while the person still has the default", () => {
    expect(decideFirstTimeZone('UTC', 'America/New_York')).toBe('America/New_York');
  });

  it('leaves a chosen zone alone, and ignores empty, default, offset or unknown zones', () => {
    expect(decideFirstTimeZone('Europe/Paris', 'America/New_York')).toBeNull();
    expect(decideFirstTimeZone('UTC', '')).toBeNull();
    expect(decideFirstTimeZone('UTC', 'UTC')).toBeNull();
    expect(decideFirstTimeZone('UTC', '+01:00')).toBeNull();
    expect(decideFirstTimeZone('UTC', 'Mars/Olympus_Mons')).toBeNull();
  });
});
