import type { Role } from '../roles/index.js';
import type { Member } from './workspace.js';

/**
 * Whether giving `userId` the role `next` (null: removing them) would leave the workspace of
 * `members` without an owner. A workspace always keeps one: ownership is handed over, not dropped.
 */
export function leavesNoOwner(
  members: readonly Pick<Member, 'userId' | 'role'>[],
  userId: string,
  next: Role | null,
): boolean {
  if (next === 'owner') return false;
  return !members.some((m) => m.role === 'owner' && m.userId !== userId);
}
