import { expect, it } from 'vitest';
import { MIGRATION_IDS } from './migration-ids.js';

// Numbers only increase: changes developed side by side take their numbers ahead and may land in
// either order, so a gap is allowed (the lead fills it at merge time); a repeat or a step back is not.
it('numbers the migrations 0001, 0002 … in increasing order, each with a snake_case name', () => {
  expect(MIGRATION_IDS[0]?.slice(0, 4)).toBe('0001');
  MIGRATION_IDS.forEach((id, index) => {
    expect(id).toMatch(/^\d{4}_[a-z0-9]+(_[a-z0-9]+)*$/);
    if (index > 0)
      expect(Number(id.slice(0, 4))).toBeGreaterThan(Number(MIGRATION_IDS[index - 1]?.slice(0, 4)));
  });
});
