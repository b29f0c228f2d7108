import { expect, it } from 'vitest';
import { MIGRATION_IDS } from './migration-ids.js';

/**
 * Numbers another branch adds at the same time (0032 `workspaces`, while 0033 `notifications` was
 * made): the list may skip them until both are merged. Strike a number once its migration is here.
 */
const RESERVED = new Set(['0032']);

it('numbers the migrations 0001, 0002 … without a gap (but a reserved number), each with a snake_case name', () => {
  const expected = Array.from({ length: MIGRATION_IDS.length + RESERVED.size }, (_, i) =>
    String(i + 1).padStart(4, '0'),
  ).filter((n) => !RESERVED.has(n) || MIGRATION_IDS.some((id) => id.startsWith(n)));
  MIGRATION_IDS.forEach((id, index) => {
    expect(id).toMatch(/^\d{4}_[a-z0-9]+(_[a-z0-9]+)*$/);
    expect(id.slice(0, 4)).toBe(expected[index]);
  });
});
