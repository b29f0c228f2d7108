import { describe, expect, it } from 'vitest';
import { leavesNoOwner } from './last-owner.js';

describe('leavesNoOwner', () => {
  const one = [
    { userId: 'ann', role: 'owner' as const },
    { userId: 'bob', role: 'admin' as const },
  ];
  it('is true when the only owner steps down or leaves', () => {
    expect(leavesNoOwner(one, 'ann', 'admin')).toBe(true);
    expect(leavesNoOwner(one, 'ann', null)).toBe(true);
  });
  it('is false for another member, for an owner staying one, or with a second owner', () => {
    expect(leavesNoOwner(one, 'bob', null)).toBe(false);
    expect(leavesNoOwner(one, 'ann', 'owner')).toBe(false);
    expect(leavesNoOwner([...one, { userId: 'cy', role: 'owner' }], 'ann', null)).toBe(false);
  });
});
