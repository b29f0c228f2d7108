import { describe, expect, it } from 'vitest';
import { groupsOf } from './groups-of.js';

describe('groupsOf', () => {
  it("puts a group's items together where its first one was, and an item without a group alone", () => {
    const items = [
      { id: 'a', groupId: 'g1' },
      { id: 'b', groupId: null },
      { id: 'c', groupId: 'g2' },
      { id: 'd', groupId: 'g1' },
      { id: 'e', groupId: null },
    ];
    expect(groupsOf(items).map((run) => run.map((i) => i.id))).toEqual([['a', 'd'], ['b'], ['c'], ['e']]);
  });
});
