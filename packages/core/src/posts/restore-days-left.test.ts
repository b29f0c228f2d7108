import { describe, expect, it } from 'vitest';
import { restoreDaysLeft } from './restore-days-left.js';

describe('restoreDaysLeft', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  const later = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

  it('counts a part of a day as a day, and nothing once the window passed', () => {
    expect(restoreDaysLeft(later(30 * 24), now)).toBe(30);
    expect(restoreDaysLeft(later(1), now)).toBe(1);
    expect(restoreDaysLeft(later(0), now)).toBe(0);
    expect(restoreDaysLeft(later(-5), now)).toBe(0);
  });
});
