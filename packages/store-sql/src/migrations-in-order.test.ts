import { describe, expect, it } from 'vitest';
import { MIGRATION_IDS } from './migration-ids.js';
import { migrationsInOrder } from './migrations-in-order.js';

// A dialect registers its files in any order; what it runs is MIGRATION_IDS' order, and a missing,
// doubled or unknown id stops it before it touches a database.
const all = Object.fromEntries(MIGRATION_IDS.map((id, i) => [`m${i}`, { id, sql: `-- ${id}` }]));

describe('migrationsInOrder', () => {
  it('answers the exported migrations in the order of MIGRATION_IDS, whatever their export order', () => {
    const reversed = Object.fromEntries(Object.entries(all).reverse());
    expect(migrationsInOrder('Test', reversed).map((m) => m.id)).toEqual(MIGRATION_IDS);
  });

  it('refuses a dialect that lacks a migration', () => {
    const { m3: _lacking, ...rest } = all;
    expect(() => migrationsInOrder('Test', rest)).toThrow(`Test has no migration ${MIGRATION_IDS[3]}.`);
  });

  it('refuses an id exported twice', () => {
    expect(() => migrationsInOrder('Test', { ...all, again: { id: MIGRATION_IDS[0], sql: '' } })).toThrow(
      'Test exports a migration id twice.',
    );
  });

  it('refuses an id MIGRATION_IDS does not list', () => {
    expect(() => migrationsInOrder('Test', { ...all, stray: { id: '9999_stray', sql: '' } })).toThrow(
      'Test migrations not in MIGRATION_IDS: 9999_stray.',
    );
  });
});
