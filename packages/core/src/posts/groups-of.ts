/**
 * Items of a list in runs of one group each (posts made together), each run where its group's first
 * item was; an item without a group (made before groups existed) is a run of its own. Lists and
 * calendars show a run as one post across platforms.
 */
export function groupsOf<T extends { readonly id: string; readonly groupId: string | null }>(
  items: readonly T[],
): T[][] {
  const runs: T[][] = [];
  const byGroup = new Map<string, T[]>();
  for (const item of items) {
    const known = item.groupId === null ? undefined : byGroup.get(item.groupId);
    if (known !== undefined) {
      known.push(item);
      continue;
    }
    const run = [item];
    runs.push(run);
    if (item.groupId !== null) byGroup.set(item.groupId, run);
  }
  return runs;
}
