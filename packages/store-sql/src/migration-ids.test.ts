import { expect, it } from 'vitest';
import { MIGRATION_IDS } from './migration-ids.js';

// Both dialects run this one list, so a number is never taken twice nor skipped: branches made side
// by side take distinct numbers up front, and the list is whole again once they are all merged.
it('numbers the migrations 0001, 0002 … without a gap, each with a snake_case name', () => {
  MIGRATION_IDS.forEach((id, index) => {
    expect(id).toMatch(/^\d{4}_[a-z0-9]+(_[a-z0-9]+)*$/);
    if (index > 0)
      expect(Number(id.slice(0, 4))).toBeGreaterThan(Number(MIGRATION_IDS[index - 1]?.slice(0, 4)));
  });
});
