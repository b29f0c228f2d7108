import { expect, it } from 'vitest';
import { MIGRATION_IDS } from './migration-ids.js';

// Changes made side by side on branches reserve their numbers up front, so a list may skip a
// number until the branch holding it is merged; numbers still only grow, and each is used once.
it('numbers the migrations in increasing order from 0001, each with a snake_case name', () => {
  expect(MIGRATION_IDS[0]).toBe('0001_initial');
  MIGRATION_IDS.forEach((id, index) => {
    expect(id).toMatch(/^\d{4}_[a-z0-9]+(_[a-z0-9]+)*$/);
    if (index > 0)
      expect(Number(id.slice(0, 4))).toBeGreaterThan(Number(MIGRATION_IDS[index - 1]?.slice(0, 4)));
  });
});
